import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel

/// Sentry events and envelopes: each breadcrumb an event at its own time and line, the
/// event's claim one more. `SampleLogs/android-sentry-background-anr.json` is an Android
/// event whose trail leaves the foreground before the SDK reports a background ANR;
/// `SampleLogs/ios-sentry-hang-in-foreground.json` an app hang, in the API's `entries` shape,
/// while the app was in front.
@Suite struct SentryEventTests {
    private static let androidSample = RepositoryPaths.path("SampleLogs/android-sentry-background-anr.json")
    private static let iosSample = RepositoryPaths.path("SampleLogs/ios-sentry-hang-in-foreground.json")

    private static func crumb(_ time: String, _ category: String, _ data: String, message: String? = nil) -> String {
        #"{"timestamp": \#(time), "category": "\#(category)", "data": {\#(data)}\#(message.map { #", "message": "\#($0)""# } ?? "")}"#
    }

    private static func event(crumbs: [String], exception: String? = nil, sdk: String = "sentry.java.android") -> String {
        let exceptions = exception.map { #""exception": {"values": [\#($0)]},"# + "\n" } ?? ""
        return #"""
            {"event_id": "0f1e2d3c4b5a69788796a5b4c3d2e1f0", "timestamp": "2024-03-05T10:15:42.120Z", "platform": "java",
            "sdk": {"name": "\#(sdk)"}, "contexts": {"app": {"app_identifier": "com.example.notes"}, "os": {"name": "Android"}},
            \#(exceptions)"breadcrumbs": [
            \#(crumbs.joined(separator: ",\n"))
            ]}

            """#
    }

    private static func exception(_ mechanism: String, handled: Bool = false) -> String {
        #"{"type": "Failure", "value": "it failed", "mechanism": {"type": "\#(mechanism)", "handled": \#(handled)}}"#
    }

    @Test func theAndroidTrailBecomesItsCallbacksAtTheirLinesAndTheClaimAtItsException() throws {
        let (events, summary) = try TraceReader.events(atPath: Self.androidSample)
        #expect(summary.format == "json sentry-event" && summary.lines == 1 && summary.problemCount == 0 && summary.categoriesAddUp)
        #expect(
            events.map(\.name.rawValue) == [
                "activity.created", "activity.started", "system.foreground", "activity.resumed", "request.end", "activity.paused",
                "activity.stopped", "state.saved", "system.background", "app.memory-warning", "reporter.event", "evidence.anr",
            ])
        #expect(events.map(\.source.line) == [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 1, 13])
        #expect(Set(events.map(\.app)) == ["com.example.notes"] && Set(events.map(\.platform)) == [.android])
        #expect(events[4].time.iso8601 == "2024-03-05T10:15:00.500000Z", "epoch seconds read as UTC")
        #expect(events[4].attributes.dictionary == ["url": "https://api.example.com/notes", "method": "GET", "status": "200"])
        #expect(events[10].attributes.dictionary == ["reporter": "sentry", "mechanism": "AppExitInfo", "in_foreground": "false"])
        #expect(
            events[11].attributes.dictionary == [
                "reporter": "sentry", "mechanism": "AppExitInfo", "exception": "ApplicationNotResponding", "detail": "Background ANR", "in_foreground": "false",
            ])
        #expect(summary.labels.values == ["appVersion": "2.3.1", "appBuild": "231", "osVersion": "14", "device": "Pixel 7"])
    }

    @Test func theClaimIsCheckedAgainstTheTrail() {
        let background = runLifelint(["--no-config", "--select", "reporter-claim-contradicts-trail", Self.androidSample])
        #expect(
            background.output.split(separator: "\n").first
                == "\(Self.androidSample):13: warning: com.example.notes: the reporter says the app was not responding (AppExitInfo: Background ANR); the trail shows it in the background, where no user saw it [reporter-claim-contradicts-trail]"
        )
        let foreground = runLifelint(["--no-config", "--select", "reporter-claim-contradicts-trail", Self.iosSample])
        #expect(foreground.output.hasPrefix("lifelint: no findings"))
    }

    /// A death only the reporter tells is told as its claim, after what the trail shows.
    @Test func theVerdictTellsTheReportersClaimAfterTheTrail() {
        let sample = RepositoryPaths.path("SampleLogs/android-sentry-crash-in-background.json")
        let result = runLifelint(["--no-config", sample])
        #expect(result.status == .findings)
        #expect(
            result.output.split(separator: "\n").dropFirst(3).prefix(2).joined(separator: "\n") == """
                \(sample):102: verdict: com.example.notes: the trace cannot show whether the input came back
                    com.example.notes went to the background at 10:15:10.300 with unsaved input (line 102). The input was typed at 10:15:05.000 (line 84). \
                No save began before the process died. The platform saved instance state (line 111). Sentry says a crash ended the process \
                (database is locked (code 5 SQLITE_BUSY)) at 10:15:42.120, 31 s after it left (line 28). The trace ends before the app started again.
                """)
    }

    /// A watchdog termination the SDK infers (it assumes the foreground) of an app the trail
    /// left in the background; silent when the trail ends in the foreground.
    @Test(arguments: [("background", true), ("foreground", false)])
    func aWatchdogTerminationIsCheckedAgainstWhereTheTrailEnds(lastState: String, reported: Bool) throws {
        let text = Self.event(
            crumbs: [
                Self.crumb("1709633600.0", "app.lifecycle", #""state": "foreground""#),
                Self.crumb("1709633700.0", "app.lifecycle", #""state": "\#(lastState)""#),
            ], exception: Self.exception("watchdog_termination"), sdk: "sentry.cocoa")
        let trace = TraceFixture.temporaryFile(name: "watchdog.json", contents: Data(text.utf8))
        let result = runLifelint(["--no-config", "--select", "reporter-claim-contradicts-trail", trace.path])
        let expected =
            "\(trace.path):3: warning: com.example.notes: the reporter says the app was ended by the watchdog (watchdog_termination), which it counts in the foreground; "
            + "the trail shows it in the background: more likely the system ending a suspended app [reporter-claim-contradicts-trail]"
        #expect((result.output.split(separator: "\n").first.map(String.init) == expected) == reported, "\(result.output)")
    }

    @Test func theAPIShapeReadsItsEntries() throws {
        let (events, _) = try TraceReader.events(atPath: Self.iosSample)
        #expect(events.map(\.name.rawValue) == ["system.foreground", "screen.shown", "screen.shown", "request.end", "reporter.event", "evidence.anr"])
        #expect(events.map(\.platform) == Array(repeating: .ios, count: 6))
        #expect(events[1].attributes.dictionary == ["route": "JournalListViewController"])
        #expect(events[5].time.iso8601 == "2024-06-11T08:31:07.402Z" && events[5].source.line == 18)
    }

    @Test(arguments: [
        ("UncaughtExceptionHandler", false, "process.died crash"),
        ("UncaughtExceptionHandler", true, "nothing"),
        ("FlutterError", false, "nothing"),
        ("onerror", false, "nothing"),
        ("watchdog_termination", false, "process.died watchdog"),
        ("AppHang", true, "evidence.anr"),
    ])
    func eachMechanismClaimsWhatItMeans(mechanism: String, handled: Bool, claim: String) throws {
        let text = Self.event(crumbs: [], exception: Self.exception(mechanism, handled: handled))
        let (events, _) = try TraceFixture.ingest(text, name: "event.json")
        let read = events.first { $0.name != .reporterEvent }.map { [$0.name.rawValue, $0.attributes["reason"]].compactMap { $0 }.joined(separator: " ") } ?? "nothing"
        #expect(read == claim)
    }

    @Test func flutterStatesAndTheAppsOwnCrumbsBecomeEvents() throws {
        let mapping = LineMapping(tag: "draft", message: .prefix("saved "), event: "persist.end", container: .breadcrumb)
        let text = Self.event(
            crumbs: [
                Self.crumb("1709633700.0", "app.lifecycle", #""state": "paused""#),
                Self.crumb("1709633701.0", "persist.begin", #""key": "draft""#),
                Self.crumb("1709633702.0", "draft", "", message: "saved key=draft"),
                Self.crumb("1709633703.0", "ui.click", #""view.id": "save""#),
            ], sdk: "sentry.dart.flutter")
        let (events, summary) = try TraceFixture.ingest(text, name: "event.json", options: TraceReadOptions(mappings: [mapping]))
        #expect(events.map(\.name.rawValue) == ["flutter.paused", "persist.begin", "persist.end", "reporter.event"])
        #expect(events.map(\.attributes.dictionary) == [[:], ["key": "draft"], ["key": "draft"], ["reporter": "sentry"]])
        #expect(events.map(\.platform) == Array(repeating: .flutter, count: 4) && summary.problemCount == 0)
    }

    @Test func aBreadcrumbWithoutAReadableTimeIsAnErrorNamingIt() throws {
        let text = Self.event(crumbs: [Self.crumb("\"yesterday\"", "app.lifecycle", #""state": "background""#)])
        let (events, summary) = try TraceFixture.ingest(text, name: "event.json")
        #expect(events.isEmpty)
        #expect(
            summary.problems.map(\.description) == [
                "event.json:1:1: breadcrumb 1's 'timestamp' must be ISO 8601 or seconds since 1970, found \"yesterday\""
            ])
    }

    /// Items other than events are skipped by their length, a binary attachment included (and a
    /// session whose length falls short of its line), and the event's crumbs keep the lines they
    /// have in the file.
    @Test func anEnvelopeReadsItsEventAndSkipsTheOtherItems() throws {
        let attachment = "\u{89}PNG\r\n\u{1A}\n{\"not\": json"
        let payload = Self.event(crumbs: [
            Self.crumb("1709633700.0", "app.lifecycle", #""state": "foreground""#),
            Self.crumb("1709633710.0", "app.lifecycle", #""state": "background""#),
        ]).trimmingSuffixNewlines
        let envelope = [
            #"{"event_id":"0f1e2d3c4b5a69788796a5b4c3d2e1f0","sent_at":"2024-03-05T10:15:43Z","sdk":{"name":"sentry.java.android"}}"#,
            #"{"type":"attachment","length":\#(attachment.utf8.count),"filename":"screenshot.png"}"#,
            attachment,
            #"{"type":"session","length":20}"#,
            #"{"sid":"a","init":true}"#,
            #"{"type":"event","length":\#(payload.utf8.count)}"#,
            payload,
            "",
        ].joined(separator: "\n")
        let (events, summary) = try TraceFixture.ingest(envelope, name: "event.envelope")
        #expect(events.map(\.name.rawValue) == ["system.foreground", "system.background", "reporter.event"])
        #expect(events.map(\.source.line) == [12, 13, 9])
        #expect(summary.problemCount == 0 && summary.structuralLines == 4)
    }
}

extension String {
    fileprivate var trimmingSuffixNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
