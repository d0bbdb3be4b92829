import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// A quiet report is never a silent pass: an empty trace, a document that is not a log, a
/// capture without the lifecycle callbacks, and callbacks that cannot make phases each say so.
@Suite struct TraceNoteTests {
    private static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// The lost draft as plain `adb logcat -d` gives it: main and system buffers, no events buffer.
    private static let withoutEventsBuffer: String = {
        let story = try! String(contentsOfFile: lostDraft, encoding: .utf8)
        let kept = story.split(separator: "\n").filter { !$0.contains(" I wm_") && !$0.contains(" I am_") && !$0.contains("beginning of events") }
        return TraceFixture.temporaryFile(name: "plain.log", contents: Data((kept.joined(separator: "\n") + "\n").utf8)).path
    }()

    @Test func anEmptyTraceIsANoteAndWithFailOnEmptyAnError() {
        let empty = TraceFixture.temporaryFile(name: "empty.log", contents: Data()).path
        let noted = runLifelint(["--no-config", empty])
        #expect(noted.status == .success)
        #expect(noted.diagnostics == "lifelint: note: \(empty): the trace is empty: nothing to analyse\n")
        let failed = runLifelint(["--no-config", "--fail-on-empty", empty, Self.lostDraft, "--year", "2024"])
        #expect(failed.status == .failure)
        #expect(failed.diagnostics.hasPrefix("lifelint: error: \(empty): the trace is empty: nothing to analyse (--fail-on-empty)\n"))
        #expect(failed.output.contains("[no-save-at-background]"), "the other trace is still analysed")
    }

    @Test func aTraceWithoutEventsSaysSo() throws {
        let quiet = TraceFixture.temporaryFile(name: "quiet.log", contents: Data("01-08 09:00:00.000   100   100 I Zygote: preloading classes\n".utf8)).path
        let result = runLifelint(["--no-config", "--year", "2024", "--format", "json", quiet])
        #expect(result.status == .success)
        #expect(
            result.diagnostics == "lifelint: note: \(quiet): no events in 1 line: no line is one lifelint reads as a lifecycle event ('lifelint events' shows how each was read)\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let trace = try #require((report["traces"] as? [[String: Any]])?.first)
        #expect(trace["notes"] as? [String] == ["no events in 1 line: no line is one lifelint reads as a lifecycle event ('lifelint events' shows how each was read)"])
    }

    @Test func aMarkdownDocumentIsNotATrace() {
        let result = runLifelint(["--no-config", RepositoryPaths.path("README.md")])
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("README.md:1: not a trace format lifelint reads ("))
        #expect(result.diagnostics.contains("a Markdown document, not a log; lifelint reads logcat"))
        #expect(!result.diagnostics.contains("malformed"))
    }

    @Test func processesWithoutCallbacksNameWhatToCapture() {
        let result = runLifelint(["--no-config", "--year", "2024", Self.withoutEventsBuffer])
        #expect(
            result.diagnostics.contains(
                "lifelint: note: \(Self.withoutEventsBuffer): 2 apps (com.example.notes, com.android.camera2) show their processes starting or dying but no lifecycle callbacks, "
                    + "so no background entry can be seen (nor the findings and verdicts that follow one): capture the events buffer too "
                    + "(adb logcat -b main,system,events -v threadtime -d), or map the app's own lifecycle lines to activity.* events\n"))
        #expect(!runLifelint(["--no-config", "--year", "2024", Self.lostDraft]).diagnostics.contains("lifelint: note: \(Self.lostDraft)"), "a full capture has nothing to note")
        #expect(!runLifelint(["--no-config", "--year", "2024", "--quiet", Self.withoutEventsBuffer]).diagnostics.contains("note:"))
    }

    /// A mapping of `onStop` lines alone: stops with no start or resume before them make no phase.
    @Test func mappedCallbacksThatMakeNoPhasesSayWhatIsMissing() {
        let trace = """
            01-08 09:13:58.231  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 09:14:25.960  4242  4242 D EditorActivity: onStop
            01-08 09:15:42.305  4242  4242 D EditorActivity: onStop

            """
        let path = TraceFixture.temporaryFile(name: "mapped.log", contents: Data(trace.utf8)).path
        let configuration = TraceFixture.temporaryFile(
            name: "mapping.json", contents: Data(#"{"mappings": [{"tag": "EditorActivity", "message": {"prefix": "onStop"}, "event": "activity.stopped"}]}"#.utf8)
        ).path
        let result = runLifelint(["--config", configuration, "--year", "2024", path])
        #expect(
            result.diagnostics.contains(
                "lifelint: note: \(path): com.example.notes reports activity.stopped but no lifecycle phase could be derived: phases need activity.started "
                    + "or activity.resumed (a background entry is a stop after them); capture or map the lines that report them\n"))
    }

    /// A crash report holds a death and nothing else by nature: no note about callbacks.
    @Test func reportsOfDeathsAloneHaveNothingToNote() {
        let report = RepositoryPaths.path("SampleLogs/ios-watchdog-in-background.ips")
        #expect(!runLifelint(["--no-config", report]).diagnostics.contains("note:"))
    }
}
