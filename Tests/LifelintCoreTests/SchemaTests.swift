import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The published schemas (docs/schema) describe what lifelint really reads and writes.
@Suite struct SchemaTests {
    @Test func everyRuleFileMatchesTheRuleSchema() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/rule.schema.json"))
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("Rules")).filter { $0.hasSuffix(".json") }
        #expect(files.count == RuleExamplesTests.catalog.rules.count)
        for file in files {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Rules/\(file)"))))
            #expect(validator.validate(document) == [], "\(file)")
        }
    }

    @Test func theRuleSchemaRejectsWhatTheDecoderRejects() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/rule.schema.json"))
        var document = RuleDecodingTests.valid
        #expect(validator.validate(document) == [])
        document["colour"] = "red"
        #expect(validator.validate(document) == ["$: unexpected 'colour'"])
        document = RuleDecodingTests.valid
        document["id"] = "Not_Kebab"
        document["match"] = [["forbid": ["event": "fgs.start"], "rate": ["event": "a.b", "max": 1]], ["wait": [:]]]
        #expect(
            validator.validate(document).sorted() == [
                "$.id: 'Not_Kebab' does not match ^[a-z][a-z0-9]*(-[a-z0-9]+)*$",
                "$.match: matches 0 of the oneOf alternatives, not exactly one",
            ])
    }

    @Test func theReportMatchesTheReportSchema() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        let output = ByteOutput.memory()
        _ = LifelintCommand.run(
            ["--format", "json", "/nonexistent.log"] + ["android-lost-draft.log", "rn-stale-websocket.log"].map { RepositoryPaths.path("SampleLogs/\($0)") },
            output: output, diagnostics: .memory())
        let document = try JSONSerialization.jsonObject(with: Data(output.text.utf8))
        #expect(validator.validate(document) == [])
        #expect(((document as? [String: Any])?["findings"] as? [Any])?.count == 8)
        var broken = try #require(document as? [String: Any])
        broken["summary"] = ["error": 1]
        #expect(
            validator.validate(broken) == ["$.summary: missing 'warning'", "$.summary: missing 'info'"]
                || validator.validate(broken) == ["$.summary: missing 'info'", "$.summary: missing 'warning'"])
    }

    /// The configuration schema accepts the configurations lifelint accepts (the fixture and
    /// the README's example) and refuses what lifelint refuses.
    @Test func theConfigurationSchemaMatchesTheLoader() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/config.schema.json"))
        let fixture = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/reports/draftstore.lifelint.json")
        let readme = try String(contentsOfFile: RepositoryPaths.path("README.md"), encoding: .utf8)
        let example = try #require(readme.components(separatedBy: "```json\n").dropFirst().first { $0.hasPrefix("{\n  \"rules\"") }?.components(separatedBy: "```").first)
        let exampleFile = TraceFixture.temporaryFile(name: ".lifelint.json", contents: Data(example.utf8)).path
        for path in [fixture, exampleFile] {
            #expect(validator.validate(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))) == [], "\(path)")
            _ = try Configuration.load(path: path)
        }
        let wrong: [String: Any] = ["mappings": [["tag": "A", "message": ["prefix": "a", "regex": "b"], "event": "a.b"]], "rule": [:]]
        #expect(validator.validate(wrong).sorted() == ["$.mappings[0].message: matches 2 of the oneOf alternatives, not exactly one", "$: unexpected 'rule'"])
    }

    /// The event JSON schema accepts what lifelint reads and writes, and refuses what the
    /// reader refuses.
    @Test func theEventSchemaMatchesTheReaderAndTheWriter() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/events.schema.json"))
        let samples = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("SampleLogs")).filter { $0.hasSuffix(".jsonl") }
        #expect(samples.count == 2)
        var records = 0
        for sample in samples {
            let text = try String(contentsOfFile: RepositoryPaths.path("SampleLogs/\(sample)"), encoding: .utf8)
            for line in text.split(separator: "\n") {
                #expect(validator.validate(try JSONSerialization.jsonObject(with: Data(line.utf8))) == [], "\(sample)")
                records += 1
            }
        }
        #expect(records == 48)
        let written = runLifelint(["events", "--quiet", "--year", "2024", RepositoryPaths.path("SampleLogs/android-lost-draft.log")]).output
        for line in written.split(separator: "\n") {
            #expect(validator.validate(try JSONSerialization.jsonObject(with: Data(line.utf8))) == [])
        }
        // Numeric attributes are JSON numbers; other attributes stay strings.
        let created = try #require(written.split(separator: "\n").first { $0.contains("\"activity.created\"") })
        #expect(created.contains(#""token":"88412001","reason":"performCreate","duration_ms":41}"#))
        let saved = try #require(written.split(separator: "\n").first { $0.contains("\"state.saved\"") })
        #expect(saved.contains(#""attrs":{"bytes":2318}"#))
        let refused = try JSONSerialization.jsonObject(with: Data(#"{"time":true,"event":"not an event","pid":"7"}"#.utf8))
        #expect(
            validator.validate(refused).sorted() == [
                "$.event: 'not an event' does not match ^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)+$",
                "$.pid: expected integer|null",
                "$.time: matches 0 of the oneOf alternatives, not exactly one",
            ])
    }
}
