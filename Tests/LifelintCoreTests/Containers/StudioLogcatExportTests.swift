import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel

/// Android Studio's Logcat export (`.logcat`): each entry read as the logcat line it was.
/// `SampleLogs/android-lost-draft.logcat` is the lost-draft story as Studio would export it:
/// the lines of `android-lost-draft.log` in the buffers Studio's Logcat shows (main, system,
/// crash; not events), each entry's header written from the line, in UTC.
@Suite struct StudioLogcatExportTests {
    private static let sample = RepositoryPaths.path("SampleLogs/android-lost-draft.logcat")

    private static func entry(
        pid: Int = 4242, tid: Int = 4242, level: String = "INFO", tag: String = "lifelint", app: String? = "com.example.notes",
        seconds: Int = 1_704_705_265, nanos: Int = 969_000_000, _ message: String
    ) -> String {
        let application = app.map { #""applicationId": "\#($0)", "processName": "\#($0)", "# } ?? ""
        return #"""
            {"header": {"logLevel": "\#(level)", "pid": \#(pid), "tid": \#(tid), \#(application)"tag": "\#(tag)", "timestamp": {"seconds": \#(seconds), "nanos": \#(nanos)}}, "message": "\#(message)"}
            """#
    }

    private static func export(_ entries: [String]) -> String {
        "{\n  \"metadata\": {\"device\": {\"sdk\": 34}},\n  \"logcatMessages\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func theLostDraftExportReadsAsItsLogcatLines() throws {
        let (events, summary) = try TraceReader.events(atPath: Self.sample, options: TraceReadOptions())
        #expect(summary.format == "json studio-logcat-export")
        #expect(summary.lines == 27 && summary.events == 16 && summary.problemCount == 0 && summary.categoriesAddUp)
        let notes = events.filter { $0.app == "com.example.notes" }
        #expect(
            notes.map(\.name.rawValue) == [
                "process.started", "screen.shown", "input.edited", "input.edited", "persist.begin", "persist.end",
                "screen.shown", "input.edited", "input.edited", "state.saved", "process.frozen", "process.died",
                "process.started", "screen.shown", "input.edited",
            ])
        let death = try #require(notes.first { $0.name == .processDied })
        #expect(death.attributes.dictionary == ["reason": "low-memory", "detail": "low watermark is breached"])
        #expect(death.source.line == 306)
        #expect(death.time.iso8601 == "2024-01-08T09:41:17.730Z")
        #expect(notes.first?.time.utcOffsetSeconds == 0)
    }

    @Test func theSampleFindsTheLostState() {
        let result = runLifelint(["--no-config", Self.sample])
        #expect(result.status == .findings)
        #expect(
            result.output.split(separator: "\n").first
                == "\(Self.sample):366: error: com.example.notes cold-started after the system killed it (low-memory) and restored no state, although the dead process had saved state or unsaved input [state-lost-after-process-death]"
        )
    }

    @Test func aMultiLineCrashIsOneEntryReadLineByLine() throws {
        let text = Self.export([
            Self.entry("persist.begin key=draft"),
            Self.entry(
                level: "ERROR", tag: "AndroidRuntime", seconds: 1_704_705_266, nanos: 5,
                #"FATAL EXCEPTION: main\nProcess: com.example.notes, PID: 4242\njava.lang.IllegalStateException: boom\n\tat com.example.notes.Editor.save(Editor.kt:12)"#
            ),
        ])
        let (events, summary) = try TraceFixture.ingest(text, name: "crash.logcat")
        #expect(events.map(\.name.rawValue) == ["persist.begin", "process.died"])
        #expect(events.map(\.source.line) == [4, 5])
        #expect(events[1].attributes.dictionary == ["reason": "crash", "detail": "FATAL EXCEPTION"])
        #expect(events[1].time.iso8601 == "2024-01-08T09:14:26.000000005Z")
        #expect(summary.lines == 2 && summary.problemCount == 0)
    }

    @Test func anEntryWithoutItsHeaderIsAnErrorAtItsLineAndTheRestIsRead() throws {
        let text = Self.export([
            #"{"header": {"pid": 4242, "tid": 4242, "tag": "lifelint"}, "message": "persist.end key=draft"}"#,
            #""not an entry""#,
            Self.entry(tag: "lifelint", "persist.begin key=draft"),
        ])
        let (events, summary) = try TraceFixture.ingest(text, name: "damaged.logcat")
        #expect(events.map(\.name.rawValue) == ["persist.begin"])
        #expect(
            summary.problems.map(\.description) == [
                "damaged.logcat:4:1: a Logcat message's header needs a 'timestamp' of 'seconds' and 'nanos', a 'pid' and a 'tid'",
                "damaged.logcat:5:1: expected a Logcat message, an object with a 'header' object and a 'message'",
            ])
    }

    /// The instrumentation line of a process never named is held to the end, as in logcat text.
    @Test func anUnnamedProcessAndABlankTagStillReadAsALine() throws {
        let text = Self.export([Self.entry(tag: "My Tag", app: nil, "hello"), Self.entry(tag: "lifelint", app: nil, "app.background")])
        let (events, summary) = try TraceFixture.ingest(text, name: "unnamed.logcat")
        #expect(summary.logLines == 2 && summary.events == 1 && summary.unrecognisedLines == 0)
        #expect(events.map(\.app) == [Event.appName(forUnknownPid: 4242)])
    }
}
