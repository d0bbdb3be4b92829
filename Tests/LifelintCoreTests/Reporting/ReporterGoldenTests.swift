import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every reporter's exact output for the same run: the lost-draft story, a trace whose content
/// is full of markup, quotes, a control character and a file name with a space and a comma, and
/// a trace that does not exist. Set `LIFELINT_UPDATE_GOLDEN=1` to rewrite the expected files
/// after an intended change, and review the diff.
@Suite struct ReporterGoldenTests {
    static let traces = ["SampleLogs/android-lost-draft.log", "Tests/LifelintCoreTests/Fixtures/reports/markup trace, v1.log"]
    static let missing = "/nonexistent/trace.log"

    /// Runs with the traces named relative to the current folder, as a CI job names them, and
    /// removes that relative prefix, so the output is the same wherever the checkout is.
    static func render(_ format: ReportFormat, extra: [String] = []) -> (status: ExitCode, output: String) {
        let prefix = relativeRoot
        let arguments =
            ["--year", "2024", "--no-config", "--jobs", "2", "--format", format.rawValue] + extra
            + traces.map { prefix + $0 } + [missing]
        let result = runLifelint(arguments)
        let output = prefix.isEmpty ? result.output : result.output.replacingOccurrences(of: prefix, with: "")
        return (result.status, machineIndependent(output))
    }

    /// The run's folder, host and times replaced by placeholders.
    static func machineIndependent(_ output: String) -> String {
        let folder = SARIFArtifacts.encoded(FileManager.default.currentDirectoryPath)
        var text = output.replacingOccurrences(of: "file://\(folder)/", with: "file:///CHECKOUT/")
        for (pattern, replacement) in [
            (#" timestamp="[^"]*""#, #" timestamp="TIMESTAMP""#), (#" hostname="[^"]*""#, #" hostname="HOST""#), (#" time="[0-9.]*""#, #" time="0.000""#),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    /// The repository root relative to the current folder (`""`, `"../"`, `"main/"`, ...).
    static var relativeRoot: String {
        let root = URL(fileURLWithPath: RepositoryPaths.path("")).standardizedFileURL.pathComponents
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
        let common = zip(root, current).prefix { $0 == $1 }.count
        let path = Array(repeating: "..", count: current.count - common) + root.dropFirst(common)
        return path.isEmpty ? "" : path.joined(separator: "/") + "/"
    }

    static let extensions: [ReportFormat: String] = [
        .text: "txt", .json: "json", .jsonl: "jsonl", .sarif: "sarif", .junit: "junit.xml", .checkstyle: "checkstyle.xml", .gitlab: "gitlab.json",
        .github: "github.txt", .markdown: "md", .html: "html",
    ]

    @Test(arguments: ReportFormat.allCases)
    func outputMatchesTheGoldenFile(_ format: ReportFormat) throws {
        let (status, output) = Self.render(format)
        #expect(status == .failure, "a missing trace makes the run exit 2")
        let golden = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/golden/report.\(Self.extensions[format]!)")
        if ProcessInfo.processInfo.environment["LIFELINT_UPDATE_GOLDEN"] == "1" {
            try output.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(output == expected)
    }

    @Test func sarifIsValidAgainstTheOfficialSchema() throws {
        let validator = SARIFSchema.validator
        let document = try JSONSerialization.jsonObject(with: Data(Self.render(.sarif).output.utf8))
        #expect(validator.validate(document) == [])
        let run = try #require(((document as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(rules.count == RuleExamplesTests.catalog.rules.count, "every rule, data-loss-verdict among them")
        #expect(results.count == 5, "four findings and one data-loss verdict")
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let uris = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]).flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
        }
        #expect(uris.contains("Tests/LifelintCoreTests/Fixtures/reports/markup%20trace%2C%20v1.log"))
        var broken = try #require(document as? [String: Any])
        broken["version"] = "2.0.0"
        #expect(validator.validate(broken) == ["$.version: not one of [\"2.1.0\"]"] || validator.validate(broken).count == 1)
    }

    /// The XML reports parse, and attribute values come back exactly as the findings said them.
    @Test(arguments: [ReportFormat.junit, .checkstyle])
    func xmlIsWellFormedAndKeepsTheTrace(_ format: ReportFormat) throws {
        let output = Self.render(format).output
        let collector = AttributeCollector()
        let parser = XMLParser(data: Data(output.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let markup =
            "com.example.notes saves '<script>alert('x')</script> & \"q\" 100%,\\u0001|`]]>' in a teardown callback that a system kill never runs, and did not save when it left the foreground"
        #expect(collector.values.contains(markup))
        #expect(collector.values.contains(Self.missing) || collector.values.contains { $0.contains("nonexistent") })
    }

    @Test func githubAnnotationsCannotBeInjected() {
        let output = Self.render(.github).output
        for line in output.split(separator: "\n") { #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice ")) }
        #expect(output.contains("file=Tests/LifelintCoreTests/Fixtures/reports/markup trace%2C v1.log,line=9"))
        #expect(output.contains("100%25%2C") == false && output.contains("100%25,"))
    }

    @Test func jsonLinesRecordsMatchTheSchema() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        let lines = Self.render(.jsonl).output.split(separator: "\n")
        let rules = RuleExamplesTests.catalog.rules.count
        #expect(lines.count == 4 + 1 + 3 + 2 * rules + 3 + 1, "4 findings, 1 verdict, 3 apps' metrics, every rule's coverage of 2 traces, 3 traces, a summary")
        for line in lines {
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(validator.validate(record, definition: "jsonlRecord") == [], "\(line)")
        }
    }
}

private final class AttributeCollector: NSObject, XMLParserDelegate {
    var values: [String] = []
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        values += attributes.values
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if !text.isEmpty { values.append(text) }
        text = ""
    }
}
