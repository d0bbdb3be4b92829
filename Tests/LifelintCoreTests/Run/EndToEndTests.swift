import Foundation
import Testing

/// The built `lifelint` binary, run as a CI job runs it: exit statuses 0, 1 and 2, reports
/// written with `--output`, and the text on standard output and error.
@Suite struct EndToEndTests {
    static var binary: URL? {
        // The test bundle's resources sit beside the products, the executable among them.
        let products = Bundle.module.bundleURL.deletingLastPathComponent()
        let binary = products.appendingPathComponent("lifelint")
        return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
    }

    static func run(_ arguments: [String], in folder: URL? = nil, standardInput: String? = nil) throws -> (status: Int32, output: String, errors: String) {
        let binary = try #require(Self.binary, "the lifelint executable is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let standardInput { process.standardInput = FileHandle(forReadingAtPath: standardInput) }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
    static let clean = RepositoryPaths.path("SampleLogs/android-draft-saved-on-stop.log")

    @Test func standardInputTakesTheNameItIsGiven() throws {
        let named = try Self.run(["--year", "2024", "--no-config", "--stdin-filename", "app/trace.log", "-"], standardInput: Self.lostDraft)
        #expect(named.status == 1)
        #expect(named.output.hasPrefix("app/trace.log:17: error: "))
        let events = try Self.run(["events", "--year", "2024", "--stdin-filename", "app/trace.log", "-"], standardInput: Self.lostDraft)
        #expect(events.output.contains(#""path":"app/trace.log""#))
        #expect(events.errors.hasPrefix("app/trace.log: 46 lines, 34 events"))
        let plain = try Self.run(["--year", "2024", "--no-config", "-"], standardInput: Self.lostDraft)
        #expect(plain.output.hasPrefix("-:17: error: "))
    }

    /// Eight apps each leave with their stop logged twice (a capture pasted twice): the line
    /// each left at, as a report cites it, and the run that finds it.
    static func repeatedStops() -> (trace: String, departures: [Int]) {
        var lines: [String] = []
        var departures: [Int] = []
        for app in 0..<8 {
            let pid = 6100 + app
            let activity = "Token=\(91_133_577 + app),Component Name=com.example.app\(app).EditorActivity"
            func log(_ time: String, _ text: String) { lines.append("01-08 11:00:\(time)  \(pid)  \(pid) I \(text)") }
            lines.append(
                "01-08 11:00:00.000  1610  1655 I ActivityManager: Start proc \(pid):com.example.app\(app)/u0a18\(app) for top-activity {com.example.app\(app)/.EditorActivity}")
            log("00.396", "wm_on_resume_called: [\(activity),Reason=RESUME_ACTIVITY,time=1ms]")
            log("05.000", "lifelint: input.edited field=body chars=236")
            log("12.000", "wm_on_paused_called: [\(activity),Reason=performPause,time=1ms]")
            log("12.400", "wm_on_stop_called: [\(activity),Reason=STOP_ACTIVITY_ITEM,time=3ms]")
            departures.append(lines.count)
            log("12.400", "wm_on_stop_called: [\(activity),Reason=STOP_ACTIVITY_ITEM,time=3ms]")
        }
        lines.append("01-08 11:00:20.000   577   577 I lowmemorykiller: Kill 'com.example.app0' (6100), uid 10180, oom_score_adj 905 to free 88312kB rss")
        return (lines.joined(separator: "\n") + "\n", departures)
    }

    /// Each run has its own hash seed: a report that depended on the order of a dictionary
    /// would differ between them (two stops that expired together once did).
    @Test func everyRunOfTheSameTracesGivesTheSameReport() throws {
        let (trace, departures) = Self.repeatedStops()
        let file = TraceFixture.temporaryFile(name: "repeated-stops.log", contents: Data(trace.utf8))
        let arguments = ["--year", "2024", "--no-config", "--format", "jsonl", file.path, RepositoryPaths.path("SampleLogs")]
        let first = try Self.run(arguments)
        for _ in 0..<3 { #expect(try Self.run(arguments).output == first.output) }
        let cited = first.output.split(separator: "\n").filter {
            $0.contains(#""fingerprint""#) && $0.contains("went to the background with unsaved input") && $0.contains(file.lastPathComponent)
        }
        #expect(cited.count == departures.count)
        for (line, departure) in zip(cited, departures) { #expect(line.contains(#""location":{"line":\#(departure),"#)) }
    }

    @Test func exitStatusesAreWhatACIJobActsOn() throws {
        let clean = try Self.run(["--year", "2024", "--no-config", Self.clean])
        #expect(clean.status == 0)
        #expect(clean.output.contains("verdict: com.example.notes (pid 5100): the input was saved in time"))
        #expect(clean.output.hasSuffix("lifelint: no findings in 1 trace (37 lines, 33 events)\n"))
        let findings = try Self.run(["--year", "2024", "--no-config", Self.lostDraft])
        #expect(findings.status == 1)
        #expect(findings.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
        #expect(findings.errors.isEmpty)
        let missing = try Self.run(["--year", "2024", "--no-config", Self.lostDraft, "/nonexistent.log"])
        #expect(missing.status == 2)
        #expect(missing.errors == "lifelint: error: /nonexistent.log: cannot open: No such file or directory\n")
        let usage = try Self.run(["--format", "yaml", Self.lostDraft])
        #expect(usage.status == 2)
        #expect(usage.errors.hasPrefix("lifelint: error: invalid value 'yaml' for '--format'"))
        let warningsFail = try Self.run(["--year", "2024", "--no-config", "--fail-on", "warning", RepositoryPaths.path("SampleLogs/rn-stale-websocket.log")])
        #expect(warningsFail.status == 1)
    }

    @Test func reportsAreWrittenToFilesBesideTheConsoleOutput() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent()
        let result = try Self.run(
            ["--year", "2024", "--no-config", "--format", "github", "--output", "sarif=lifelint.sarif", "--output", "junit=reports/junit.xml", Self.lostDraft],
            in: folder)
        #expect(result.status == 2, "the reports folder does not exist")
        #expect(result.errors == "lifelint: error: reports/junit.xml: cannot write: No such file or directory\n")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let written = try Self.run(
            ["--year", "2024", "--no-config", "--format", "github", "--output", "sarif=lifelint.sarif", "--output", "junit=reports/junit.xml", Self.lostDraft],
            in: folder)
        #expect(written.status == 1)
        #expect(written.output.split(separator: "\n").count == 4, "three findings and the data-loss verdict")
        let sarifText = try String(contentsOf: folder.appendingPathComponent("lifelint.sarif"), encoding: .utf8)
        #expect(SARIFSchema.violations(sarifText) == [])
        let sarif = try JSONSerialization.jsonObject(with: Data(sarifText.utf8)) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        let junit = try String(contentsOf: folder.appendingPathComponent("reports/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="lifelint" tests="\#(RuleExamplesTests.catalog.rules.count)" failures="4" errors="0" time=""#))
    }

    @Test func theConfigurationIsFoundFromTheWorkingFolder() throws {
        let configuration = #"{"rules": {"disable": ["save-in-on-destroy"], "severity": {"no-save-at-background": "warning", "state-lost-after-process-death": "warning"}}}"#
        let folder = TraceFixture.temporaryFile(name: ".lifelint.json", contents: Data(configuration.utf8)).deletingLastPathComponent()
        let result = try Self.run(["--year", "2024", Self.lostDraft], in: folder)
        #expect(result.status == 0, "only warnings remain")
        #expect(result.output.hasSuffix("lifelint: 2 warnings in 1 trace (46 lines, 34 events)\n"))
    }
}
