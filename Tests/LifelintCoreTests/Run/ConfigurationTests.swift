import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct ConfigurationTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
    static let draftStore = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/reports/draftstore.log")

    private func config(_ json: String) -> String {
        TraceFixture.temporaryFile(name: ".lifelint.json", contents: Data(json.utf8)).path
    }

    private func analyze(_ json: String, _ traces: [String] = [lostDraft], extra: [String] = []) -> (status: ExitCode, output: String, diagnostics: String) {
        runLifelint(["--year", "2024", "--config", config(json)] + extra + traces)
    }

    /// Each mistake is one error that names the file and the key path, and the run exits 2.
    @Test(arguments: [
        (#"{"rule": {}}"#, "'rule': unknown key (expected one of: apps, expectations, mappings, rules)"),
        (#"{"rules": {"disable": "reconnect-storm"}}"#, "'rules.disable': expected an array, found a string"),
        (#"{"rules": {"disable": ["reconnect-strom"]}}"#, "'rules.disable[0]': no rule 'reconnect-strom' ('lifelint rules' lists them)"),
        (#"{"rules": {"severity": {"reconnect-storm": "fatal"}}}"#, "'rules.severity.reconnect-storm': expected one of info, warning, error"),
        (#"{"rules": {"thresholds": {"graceWindow": "soon"}}}"#, "'rules.thresholds.graceWindow': invalid threshold 'graceWindow=soon': 'soon' is not a number with a unit"),
        (#"{"rules": {"thresholds": {"graceWindow": "3KB"}}}"#, "'rules.thresholds.graceWindow': invalid threshold 'graceWindow=3KB': 'graceWindow' takes a duration such as 5s"),
        (
            #"{"rules": {"thresholds": {"patience": "3s"}}}"#,
            "'rules.thresholds.patience': invalid threshold 'patience=3s': unknown threshold 'patience'; known: backgroundTaskWindow, binderFailureBytes, callbackBudget, graceWindow, probeDeadline, requestGapBudget, restoreWindow, resyncDeadline, savedStateErrorBytes, savedStateWarnBytes, silentPushPerHour"
        ),
        (#"{"mappings": [{"tag": "DraftStore", "event": "Persist Begin"}]}"#, "'mappings[0].event': 'Persist Begin' is not an event name such as \"persist.begin\""),
        (
            #"{"mappings": [{"tag": "A", "message": {"prefix": "x", "regex": "y"}, "event": "a.b"}]}"#,
            "'mappings[0].message': expected exactly one of 'prefix', 'contains' or 'regex'"
        ),
        (#"{"mappings": [{"tag": "A", "message": {"regex": "(unclosed"}, "event": "a.b"}]}"#, "'mappings[0].message.regex': not a regular expression: "),
        (#"{"mappings": [{"event": "a.b"}]}"#, "'mappings[0]': a mapping needs a 'tag', a 'message' or both"),
        (#"{"mappings": [{"tag": "A", "event": "a.b", "container": "perfetto"}]}"#, "'mappings[0].container': expected one of logcat, apple-log"),
        (#"{"apps": "com.example.notes"}"#, "'apps': expected an array, found a string"),
        (#"{"rules": "#, "not valid JSON"),
        ("{\n  \"rules\": {\n    \"disable\": [\"x\" \"y\"]\n  }\n}\n", "not valid JSON: Invalid value at line 3, column 21."),
        (#"{"rules": {"folders": ["no-such-folder"]}}"#, "'rules.folders[0]': no folder '"),
    ])
    func mistakesNameTheKeyPath(_ json: String, _ message: String) throws {
        let result = analyze(json)
        #expect(result.status == .failure)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics.hasPrefix("lifelint: error: "))
        #expect(result.diagnostics.contains(".lifelint.json: "))
        #expect(result.diagnostics.contains(message), "\(result.diagnostics)")
    }

    @Test func theConfigurationInUseIsNamed() throws {
        let path = config(#"{"rules": {"disable": ["reconnect-storm"]}}"#)
        let verbose = runLifelint(["--year", "2024", "--config", path, "--verbose", Self.lostDraft])
        #expect(
            verbose.diagnostics.hasPrefix("lifelint: configuration: \(path)\nlifelint: \(RuleExamplesTests.catalog.rules.count - 1) rules: background-task-not-ended, "),
            "every rule but the one disabled")
        let none = runLifelint(["--year", "2024", "--no-config", "--verbose", Self.lostDraft])
        #expect(none.diagnostics.hasPrefix("lifelint: configuration: none (--no-config)\n"))
        let json = runLifelint(["--year", "2024", "--config", path, "--format", "json", Self.lostDraft])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["configuration"] as? String == path)
        #expect(runLifelint(["--verbose", "--quiet", Self.lostDraft]).status == .failure)
    }

    @Test func aRuleFilesSyntaxErrorHasItsLineAndColumn() throws {
        let folder = TraceFixture.temporaryFile(name: "bad.json", contents: Data("{\n \"id\": \"x\",\n \"severity\": error\n}\n".utf8)).deletingLastPathComponent()
        let result = runLifelint(["--year", "2024", "--no-config", "--rules", folder.path, Self.lostDraft])
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("bad.json: not valid JSON: Invalid value at line 3, column 14."), "\(result.diagnostics)")
    }

    private func rules(of result: (status: ExitCode, output: String, diagnostics: String)) -> [String] {
        result.output.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
    }

    @Test func rulesCanBeDisabledLimitedAndReweighted() {
        let all = ["save-in-on-destroy", "no-save-at-background", "state-lost-after-process-death"]
        #expect(rules(of: analyze("{}")) == all)
        let disabled = analyze(#"{"rules": {"disable": ["no-save-at-background"]}}"#)
        #expect(rules(of: disabled) == ["save-in-on-destroy", "state-lost-after-process-death"])
        let only = analyze(#"{"rules": {"only": ["no-save-at-background"], "severity": {"no-save-at-background": "warning"}}}"#)
        #expect(rules(of: only) == ["no-save-at-background"])
        #expect(only.status == .success, "warnings only: below --fail-on error")
        #expect(only.output.contains(": warning: com.example.notes went to the background with unsaved input"))
        let kept = analyze(#"{"rules": {"only": ["no-save-at-background"]}}"#)
        #expect(kept.status == .findings)
    }

    @Test func thresholdsComeFromTheFileAndTheCommandLineWins() {
        let strict = analyze(#"{"rules": {"thresholds": {"callbackBudget": "0ms"}}}"#)
        #expect(rules(of: strict).contains("slow-lifecycle-callback"))
        #expect(!rules(of: strict).contains("save-in-on-destroy"), "a save 1 ms after onDestroy is outside a 0 ms window")
        let overridden = analyze(#"{"rules": {"thresholds": {"callbackBudget": "0ms"}}}"#, extra: ["--set", "callbackBudget=100ms"])
        #expect(rules(of: overridden) == ["save-in-on-destroy", "no-save-at-background", "state-lost-after-process-death"])
    }

    @Test func appsLimitTheAnalysis() {
        #expect(analyze(#"{"apps": ["com.example.other"]}"#).output.hasPrefix("lifelint: no findings in 1 trace (46 lines, 34 events)"))
        #expect(rules(of: analyze(#"{"apps": ["com.example.notes"]}"#)).count == 3)
    }

    @Test func mappingsTurnATeamsOwnLinesIntoEvents() throws {
        let path = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/reports/draftstore.lifelint.json")
        let events = runLifelint(["events", "--quiet", "--year", "2024", "--config", path, Self.draftStore]).output
            .split(separator: "\n").filter { !$0.contains("\"activity.") && !$0.contains("\"process.") }
            .map { line -> String in
                let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                let attributes = (object["attrs"] as! [String: Any]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                return "\(object["event"]!) \((object["source"] as! [String: Any])["line"]!) \(attributes.joined(separator: " "))"
            }
        #expect(
            events == [
                "input.edited 6 chars=236 field=body",
                "persist.begin 10 bytes=412 key=draft source=DraftStore",
                "persist.end 11 duration_ms=35 key=draft ok=true",
                "ui.jank 12 text=31 frames! The application may be doing too much work on its main thread.",
            ])
        let withoutMappings = runLifelint(["--year", "2024", "--no-config", Self.draftStore])
        #expect(withoutMappings.status == .success)
        let mapped = runLifelint(["--year", "2024", "--config", path, Self.draftStore])
        #expect(mapped.status == .findings)
        #expect(rules(of: mapped) == ["no-save-at-background"])
    }

    /// Layouts without a tag match the mappings that name none, and only those.
    @Test func untaggedLayoutsUseUntaggedMappings() throws {
        let trace = TraceFixture.temporaryFile(name: "raw.log", contents: Data("flush begin key=draft bytes=12\nedit field=body\n".utf8)).path
        let json =
            #"{"mappings": [{"message": {"prefix": "flush begin"}, "event": "persist.begin"}, {"tag": "DraftStore", "message": {"prefix": "edit"}, "event": "input.edited"}]}"#
        let result = runLifelint(["events", "--quiet", "--input-format", "raw", "--config", config(json), trace])
        let events = result.output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(events.map { $0["event"] as! String } == ["persist.begin"])
        #expect(events.first?["attrs"] as? NSDictionary == ["key": "draft", "bytes": 12])
    }

    @Test func theNearestFileIsFoundFromTheCurrentFolderUpward() throws {
        let file = TraceFixture.temporaryFile(name: ".lifelint.json", contents: Data("{}".utf8))
        let nested = file.deletingLastPathComponent().appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        #expect(Configuration.find(from: nested.path).map { URL(fileURLWithPath: $0).standardizedFileURL.path } == file.standardizedFileURL.path)
    }

    @Test func ruleFoldersAreRelativeToTheFileAndOptInRulesNeedEnabling() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try String(contentsOfFile: RepositoryPaths.path("Rules/save-in-on-destroy.json"), encoding: .utf8)
        let optIn = source.replacingOccurrences(of: "\"id\": \"save-in-on-destroy\"", with: "\"id\": \"team-save-in-on-destroy\",\n  \"optIn\": true")
        try optIn.write(to: folder.appendingPathComponent("team.json"), atomically: true, encoding: .utf8)
        let configuration = folder.deletingLastPathComponent().appendingPathComponent(".lifelint.json")
        try #"{"rules": {"folders": ["rules"], "only": ["team-save-in-on-destroy"]}}"#.write(to: configuration, atomically: true, encoding: .utf8)
        #expect(rules(of: runLifelint(["--year", "2024", "--config", configuration.path, Self.lostDraft])) == ["team-save-in-on-destroy"])
        try #"{"rules": {"folders": ["rules"], "disable": ["save-in-on-destroy"]}}"#.write(to: configuration, atomically: true, encoding: .utf8)
        #expect(!rules(of: runLifelint(["--year", "2024", "--config", configuration.path, Self.lostDraft])).contains { $0.hasSuffix("save-in-on-destroy") })
        try #"{"rules": {"folders": ["rules"], "enable": ["team-save-in-on-destroy"], "disable": ["save-in-on-destroy"]}}"#.write(
            to: configuration, atomically: true, encoding: .utf8)
        #expect(rules(of: runLifelint(["--year", "2024", "--config", configuration.path, Self.lostDraft])).contains("team-save-in-on-destroy"))
    }
}
