import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel

/// Bugsnag events: the Error Reporting API's payload and single stored events, each crumb an
/// event at its own line, the event's claim one more. `SampleLogs/android-bugsnag-background-anr.json`
/// is an activity recreated from saved state, left, then an ANR the notifier reports while the
/// trail shows the app in the background.
@Suite struct BugsnagEventTests {
    private static let sample = RepositoryPaths.path("SampleLogs/android-bugsnag-background-anr.json")

    private static func event(crumbs: [String], reason: String = "handledException", exceptionType: String? = "android", unhandled: Bool = false) -> String {
        let type = exceptionType.map { #", "type": "\#($0)""# } ?? ""
        return #"""
            {"apiKey": "0123456789abcdef0123456789abcdef", "notifier": {"name": "Bugsnag Notifier"}, "events": [
            {"exceptions": [{"errorClass": "Failure", "message": "it failed"\#(type)}], "unhandled": \#(unhandled),
            "severityReason": {"type": "\#(reason)"}, "app": {"id": "com.example.notes", "type": "android"},
            "device": {"osName": "android", "time": "2024-03-05T10:19:07.481Z"},
            "breadcrumbs": [
            \#(crumbs.joined(separator: ",\n"))
            ]}]}

            """#
    }

    private static func crumb(_ time: String, _ type: String, _ name: String, _ metadata: String = "") -> String {
        #"{"timestamp": "\#(time)", "type": "\#(type)", "name": "\#(name)", "metaData": {\#(metadata)}}"#
    }

    @Test func thePayloadsCallbacksBecomeEventsAndTheANRItsClaim() throws {
        let (events, summary) = try TraceReader.events(atPath: Self.sample)
        #expect(summary.format == "json bugsnag-event" && summary.problemCount == 0 && summary.categoriesAddUp)
        #expect(
            events.map(\.name.rawValue) == [
                "activity.created", "state.restored", "activity.started", "activity.resumed", "request.end", "activity.paused", "activity.stopped",
                "state.saved", "reporter.event", "evidence.anr",
            ])
        #expect(events.map(\.source.line) == [22, 22, 23, 24, 25, 26, 27, 28, 6, 7])
        #expect(Set(events.map(\.app)) == ["com.example.notes"] && Set(events.map(\.platform)) == [.android])
        #expect(events[0].attributes.dictionary == ["component": "EditorActivity"])
        #expect(events[4].attributes.dictionary == ["url": "https://api.example.com/notes/17", "method": "GET", "status": "200"])
        #expect(events[8].attributes.dictionary == ["reporter": "bugsnag", "mechanism": "anrError", "in_foreground": "false"])
        #expect(
            events[9].attributes.dictionary == [
                "reporter": "bugsnag", "mechanism": "anrError", "exception": "ANR",
                "detail": "Broadcast of Intent { act=android.intent.action.SCREEN_OFF flg=0x50200010 }", "in_foreground": "false",
            ])
        #expect(summary.labels.values == ["appVersion": "2.3.1", "appBuild": "231", "osVersion": "14", "device": "Pixel 7"])
    }

    @Test(arguments: [
        ("unhandledException", "android", true, "process.died crash"),
        ("unhandledException", "custom", true, "process.died crash"),
        ("unhandledException", "reactnativejs", true, "nothing"),
        ("handledException", "android", false, "nothing"),
        ("signal", "c", true, "process.died crash"),
        ("appHang", "cocoa", false, "evidence.anr"),
        ("outOfMemory", "cocoa", true, "process.died low-memory"),
    ])
    func eachReasonClaimsWhatItMeans(reason: String, exceptionType: String, unhandled: Bool, claim: String) throws {
        let text = Self.event(crumbs: [], reason: reason, exceptionType: exceptionType, unhandled: unhandled)
        let (events, _) = try TraceFixture.ingest(text, name: "event.json")
        let read = events.first { $0.name != .reporterEvent }.map { [$0.name.rawValue, $0.attributes["reason"]].compactMap { $0 }.joined(separator: " ") } ?? "nothing"
        #expect(read == claim)
    }

    /// Notifier 4 named the activity and put the callback in `ActivityLifecycle`; Apple's app
    /// state crumbs are the app's, a scene's are one window's.
    @Test func olderCrumbsAndAppleStatesReadAsTheirEvents() throws {
        let text = Self.event(crumbs: [
            Self.crumb("2024-03-05T10:00:00.000Z", "navigation", "MainActivity", #""ActivityLifecycle": "onStart()""#),
            Self.crumb("2024-03-05T10:00:01.000Z", "state", "Scene Entered Background"),
            Self.crumb("2024-03-05T10:00:02.000Z", "state", "App Did Enter Background"),
            Self.crumb("2024-03-05T10:00:03.000Z", "state", "App Will Enter Foreground"),
            Self.crumb("2024-03-05T10:00:04.000Z", "state", "Trim memory", #""trimLevel": "Running moderate""#),
            Self.crumb("2024-03-05T10:00:05.000Z", "manual", "persist.begin", #""key": "draft""#),
            Self.crumb("2024-03-05T10:00:06.000Z", "state", "Connectivity changed"),
        ])
        let (events, summary) = try TraceFixture.ingest(text, name: "event.json")
        #expect(
            events.map(\.name.rawValue) == ["activity.started", "system.background", "system.foreground", "app.memory-warning", "persist.begin", "reporter.event"])
        #expect(
            events.map(\.attributes.dictionary) == [
                ["component": "MainActivity"], ["detail": "bugsnag App Did Enter Background"], ["detail": "bugsnag App Will Enter Foreground"],
                ["action": "Trim memory", "level": "Running moderate"], ["key": "draft"], ["reporter": "bugsnag", "mechanism": "handledException"],
            ])
        #expect(summary.problemCount == 0)
    }

    @Test func aBreadcrumbWithoutAReadableTimeIsAnErrorNamingIt() throws {
        let text = Self.event(crumbs: [Self.crumb("soon", "state", "App Did Enter Background")])
        let (events, summary) = try TraceFixture.ingest(text, name: "event.json")
        #expect(events.isEmpty)
        #expect(summary.problems.map(\.description) == ["event.json:2:1: breadcrumb 1's 'timestamp' must be ISO 8601, found \"soon\""])
    }
}
