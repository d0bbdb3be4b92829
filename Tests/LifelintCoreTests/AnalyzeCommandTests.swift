import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct AnalyzeCommandTests {
    private func run(_ arguments: [String]) -> (status: ExitCode, output: String, diagnostics: String) {
        runLifelint(arguments)
    }

    private let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    static func modificationYear(_ path: String) -> Int {
        let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
        return Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date).year!
    }
    private let clean = RepositoryPaths.path("SampleLogs/android-draft-saved-on-stop.log")
    private let warningsOnly = RepositoryPaths.path("SampleLogs/rn-subscription-left-open.log")

    @Test func textOutputIsCompilerStyleAndPlainWhenNotATerminal() {
        let result = run(["--year", "2024", lostDraft])
        #expect(result.status == .findings)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(lostDraft):17: error: com.example.notes saves 'draft' in a teardown callback that a system kill never runs, and did not save when it left the foreground [save-in-on-destroy]"
        )
        #expect(lines[1] == "    com.example.notes at 2024-01-08T09:14:25.969")
        #expect(lines[2] == "    \(lostDraft):15: note: the app went to the background here")
        #expect(lines.last == "lifelint: 3 errors in 1 trace (46 lines, 34 events)")
        #expect(!result.output.contains("\u{1B}["))
    }

    @Test func exitStatusFollowsFailOn() {
        #expect(run([clean]).status == .success)
        #expect(run([clean]).output.hasSuffix("\nlifelint: no findings in 1 trace (37 lines, 33 events)\n"))
        #expect(run([warningsOnly]).status == .success)
        #expect(run(["--fail-on", "warning", warningsOnly]).status == .findings)
        #expect(run(["analyze", "--fail-on", "info", warningsOnly]).status == .findings)
        #expect(run(["--fail-on", "fatal", warningsOnly]).status == .failure)
    }

    @Test func inputErrorsWinButEveryTraceIsAnalysed() {
        let result = run(["--format", "json", "/nonexistent.log", lostDraft])
        #expect(result.status == .failure)
        let diagnostics = result.diagnostics.split(separator: "\n").map(String.init)
        #expect(diagnostics.first == "lifelint: error: /nonexistent.log: cannot open: No such file or directory")
        // No --year: the trace's times took the file's year, and the run says so once.
        #expect(
            diagnostics.dropFirst() == [
                "lifelint: note: \(lostDraft) has times without a year; \(Self.modificationYear(lostDraft)) was taken from the files' modification time (use --year to set it)"
            ])
        let document = try! JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
        #expect((document["findings"] as! [Any]).count == 3)
        let traces = document["traces"] as! [[String: Any]]
        #expect(traces.map { $0["path"] as! String } == ["/nonexistent.log", lostDraft])
        #expect(traces[0]["error"] as? String == "/nonexistent.log: cannot open: No such file or directory")
        #expect(traces[1]["error"] is NSNull)
    }

    @Test func jsonReportHasTheDocumentedShape() throws {
        let result = run(["--format", "json", "--year", "2024", lostDraft])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["schemaVersion", "configuration", "tool", "traces", "findings", "verdicts", "summary"])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["summary"] as? [String: Int] == ["error": 3, "warning": 0, "info": 0])
        let finding = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "message", "app", "platform", "time", "clock", "location", "related", "fingerprint"])
        #expect(finding["rule"] as? String == "save-in-on-destroy")
        #expect(finding["time"] as? String == "2024-01-08T09:14:25.969")
        let location = try #require(finding["location"] as? [String: Any])
        #expect(location["path"] as? String == lostDraft && location["line"] as? Int == 17)
        #expect((finding["fingerprint"] as? String)?.count == 16)
        let stats = try #require((document["traces"] as? [[String: Any]])?.first?["stats"] as? [String: Int])
        #expect(stats["lines"] == 46 && stats["events"] == 34 && stats["unrecognisedLines"] == 0)
    }

    @Test func thresholdsCanBeOverridden() {
        let slowFlush = RepositoryPaths.path("SampleLogs/android-slow-flush.log")
        #expect(run([slowFlush]).status == .findings)
        #expect(run(["--set", "graceWindow=10s", slowFlush]).status == .success)
        let bad = run(["--set", "graceWindow=ten", slowFlush])
        #expect(bad.status == .failure)
        #expect(bad.diagnostics == "lifelint: error: invalid threshold 'graceWindow=ten': 'ten' is not a number with a unit\n")
    }

    @Test func rulesCommand() {
        let list = run(["rules"])
        #expect(list.status == .success)
        #expect(
            list.output.split(separator: "\n").first
                == "background-task-not-ended            error    A background task is begun and never ended before it expires or the process dies.")
        #expect(list.output.contains("  graceWindow = 5s\n"))
        let one = run(["rules", "no-save-at-background"])
        #expect(one.output.hasPrefix("no-save-at-background (error; persistence; android, ios, react-native, flutter)\n"))
        #expect(
            one.output.contains(
                "  - after phase.background when input.edited occurred since persist.end[ok not in [false]] and input.edited occurred since persist.begin, expect persist.begin within graceWindow; fails at phase.terminated; cancelled by phase.active\n"
            ))
        #expect(run(["rules", "no-such-rule"]).diagnostics == "lifelint: error: no rule with id 'no-such-rule'; 'lifelint rules' lists them\n")
    }

    @Test func mistypedCommandIsAUsageError() {
        #expect(run(["anaylze", "x.log"]).diagnostics.hasPrefix("lifelint: error: unknown command 'anaylze'"))
    }
}

@Suite struct TextReporterTests {
    @Test func coloursOnlyWhenAsked() {
        let finding = Finding(
            ruleID: "no-save-at-background", severity: .error, message: "m", app: "a", platform: .android,
            time: .unknown, location: SourceLocation(path: "t.log", line: 3),
            related: [.init(location: SourceLocation(path: "t.log", line: 1), message: "here")], fingerprint: "0")
        let colored = ByteOutput.memory()
        TextReporter(output: colored, colors: true).write(finding)
        #expect(
            colored.text
                == "\u{1B}[1mt.log:3:\u{1B}[0m \u{1B}[1;31merror\u{1B}[0m: m \u{1B}[2m[no-save-at-background]\u{1B}[0m\n    a at an unknown time\n    t.log:1: \u{1B}[36mnote\u{1B}[0m: here\n"
        )
        let plain = ByteOutput.memory()
        TextReporter(output: plain, colors: false).write(finding)
        #expect(plain.text == "t.log:3: error: m [no-save-at-background]\n    a at an unknown time\n    t.log:1: note: here\n")
    }
}
