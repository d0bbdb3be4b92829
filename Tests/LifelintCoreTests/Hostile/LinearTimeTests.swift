import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Inputs whose shape once made a step's time grow with the square of their size, each run by
/// the built binary under a deadline a quadratic step would overrun many times (`LimitedRun`):
/// a regression fails here rather than in someone's CI.
@Suite struct LinearTimeTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// 20,000 apps, each started and then not responding: 20,000 lanes and 20,000 findings.
    static let manyAppsWithFindings: URL = {
        var text = ""
        for index in 0..<20_000 {
            let milliseconds = index * 10
            let time = String(format: "01-07 10:%02d:%02d.%03d", milliseconds / 60_000, milliseconds / 1_000 % 60, milliseconds % 1_000)
            text +=
                "\(time)  1610  1655 I ActivityManager: Start proc \(10_000 + index):com.example.app\(index)/u0a187 for top-activity {com.example.app\(index)/com.example.app\(index).Main}\n"
            text += "\(time)  1610  1655 I am_anr  : [0,\(10_000 + index),com.example.app\(index),952745540,Input dispatching timed out]\n"
        }
        return TraceFixture.temporaryFile(name: "many-apps-anr.log", contents: Data(text.utf8))
    }()

    /// The timeline grouped each app's lanes by searching every lane (20,000 apps took
    /// minutes); the HTML report placed each finding the same way.
    @Test func timelineAndHTMLAreLinearInAppsAndFindings() throws {
        let timeline = try LimitedRun.run(["timeline", "--no-config", "--year", "2024", Self.manyAppsWithFindings.path], seconds: 30)
        #expect(!timeline.timedOut && timeline.status == 0, "\(timeline.seconds) s")
        #expect(timeline.output.components(separatedBy: "✖ slow-lifecycle-callback (warning)").count - 1 == 20_000)
        let html = try LimitedRun.run(["--no-config", "--year", "2024", "--format", "html", Self.manyAppsWithFindings.path], seconds: 30)
        #expect(!html.timedOut && html.status == 0, "\(html.seconds) s")
        #expect(html.output.contains("19000 more findings not listed"))
    }
}

extension LinearTimeTests {
    /// `lifelint:` lines of pid 4242 from `hour` on, `step` milliseconds apart.
    static func lines(_ count: Int, hour: Int = 9, start: Int = 200, step: Int = 10, _ body: (Int) -> String) -> String {
        (0..<count).map { index in
            let milliseconds = start + index * step
            return String(
                format: "01-08 %02d:%02d:%02d.%03d  4242  4290 I lifelint: ", hour + milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1_000 % 60,
                milliseconds % 1_000) + body(index) + "\n"
        }.joined()
    }

    static let notesInForeground = """
        01-08 09:00:00.000  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}
        01-08 09:00:00.100  4242  4242 I wm_on_resume_called: [Token=1,Component Name=com.example.notes.EditorActivity,Reason=RESUME_ACTIVITY,time=1ms]

        """

    /// 60,000 saves that never end: every monitor holding them searched all of them on every
    /// event (37 s in the debug build).
    @Test func unansweredStartsDoNotSlowLaterLines() throws {
        let text = Self.notesInForeground + Self.lines(60_000) { "persist.begin key=k\($0)" }
        let trace = TraceFixture.temporaryFile(name: "unanswered.log", contents: Data(text.utf8))
        let result = try LimitedRun.run(["--no-config", "--year", "2024", trace.path], seconds: 15)
        #expect(!result.timedOut && result.status == 0, "\(result.seconds) s: \(result.errors)")
        #expect(result.output.hasSuffix("lifelint: no findings in 1 trace (60002 lines, 60002 events)\n"))
    }

    /// 40,000 silent pushes within the hour: the rate window was filtered whole on every push.
    @Test func theRateWindowSlides() throws {
        let text =
            "01-08 09:00:00.000  1000  1250 I ActivityManager: Start proc 4242:com.example.chat/u0a123 for service {com.example.chat/.Push}\n"
            + Self.lines(40_000, step: 50) { _ in "push.received silent=true" }
        let trace = TraceFixture.temporaryFile(name: "pushes.log", contents: Data(text.utf8))
        let result = try LimitedRun.run(["--no-config", "--year", "2024", trace.path], seconds: 10)
        #expect(!result.timedOut && result.status == 0, "\(result.seconds) s")
        #expect(result.output.contains("com.example.chat received 4 silent pushes within an hour (the threshold is 3) [silent-push-flood]"))
    }

    /// A capture whose last second holds 40,000 events, then one that starts an hour earlier:
    /// every event of the second was placed by searching the first's held events.
    @Test func aClockThatGoesBackStartsTheOrderAfresh() throws {
        var text =
            "01-08 09:00:00.000  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}\n"
        text += (0..<40_000).map { String(format: "01-08 10:00:00.%03d  4242  4290 I lifelint: input.edited field=body\n", $0 % 1_000) }.joined()
        text += Self.lines(40_000, hour: 8) { _ in "input.edited field=title" }
        let trace = TraceFixture.temporaryFile(name: "concatenated.log", contents: Data(text.utf8))
        let result = try LimitedRun.run(["events", "--no-config", "--year", "2024", trace.path], seconds: 10)
        #expect(!result.timedOut && result.status == 0, "\(result.seconds) s")
        let events = result.output.split(separator: "\n")
        #expect(events.count == 80_001)
        #expect(events[40_000].contains(#""field":"body""#) && events[40_001].contains(#""field":"title""#), "the first capture, then the second")
    }
}
