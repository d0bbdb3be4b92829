import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// Embrace's payloads: the Android SDK's golden files (real SDK output under a test clock, in the
/// review set) and an envelope written from its payload schema.
@Suite struct EmbracePayloadTests {
    private static func golden(_ name: String) throws -> ([Event], IngestionSummary) {
        let path = TraceFixture.fixturePath("review/\(name)")
        return try TraceFixture.ingest(String(contentsOfFile: path, encoding: .utf8), name: "embrace.json")
    }

    @Test func aForegroundPartEndedByAStateChangeSaysBothStates() throws {
        let (events, summary) = try Self.golden("embrace-span-android-foreground-part-ends-in-background-embrace-android-sdk.txt")
        #expect(summary.format == "json embrace" && summary.problemCount == 0)
        #expect(events.map(\.name.rawValue) == ["system.foreground", "system.background"])
        #expect(events.map(\.time.iso8601) == ["1975-05-13T13:36:00.010000000Z", "1975-05-13T13:36:40.131000000Z"])
        #expect(events.map(\.source.line) == [1, 1])
    }

    @Test func aPartACrashEndedIsNoBackgroundEntry() throws {
        let (events, _) = try Self.golden("embrace-span-android-foreground-part-ended-by-crash-embrace-android-sdk.txt")
        #expect(events.map(\.name.rawValue) == ["system.foreground"])
    }

    @Test func aCrashLogIsTheReportersClaim() throws {
        let (events, _) = try Self.golden("embrace-log-android-jvm-crash-in-foreground-embrace-android-sdk.txt")
        #expect(events.map(\.name.rawValue) == ["reporter.event", "process.died"])
        #expect(
            events[1].attributes.dictionary == [
                "reporter": "embrace", "mechanism": "sys.android.crash", "reason": "crash", "exception": "java.lang.RuntimeException", "detail": "boom",
                "in_foreground": "true",
            ])
        #expect(events.map(\.source.line) == [3, 3])
    }

    @Test func anExitLogIsAndroidsExitRecord() throws {
        let (events, _) = try Self.golden("embrace-log-android-exit-info-anr-foreground-embrace-android-sdk.txt")
        #expect(events.map(\.name.rawValue) == ["process.died"])
        #expect(events[0].time.iso8601 == "1970-06-23T14:40:00.000Z")
        #expect(events[0].attributes["reason"] == "anr" && events[0].attributes["exit_reason"] == "ANR" && events[0].attributes["importance"] == "foreground")
    }

    private static let envelope = """
        {"resource": {"app_ecosystem_id": "com.example.notes", "app_version": "2.3.1", "os_name": "android", "os_version": "14", "device_model": "Pixel 8"},
         "metadata": {}, "version": "1.0.0", "type": "spans",
         "data": {"spans": [
          {"name": "emb-session", "start_time_unix_nano": 1709633641000000000, "end_time_unix_nano": 1709633701000000000, "status": "Unset",
           "attributes": [{"key": "emb.state", "value": "foreground"}, {"key": "emb.session_end_type", "value": "state"}]},
          {"name": "emb-session", "start_time_unix_nano": 1709633701000000000, "end_time_unix_nano": 1709633761000000000,
           "attributes": [{"key": "emb.state", "value": "background"}, {"key": "emb.session_end_type", "value": "bkgnd_state"}]},
          {"name": "emb-screen-view", "start_time_unix_nano": 1709633642000000000, "attributes": []}
         ],
         "span_snapshots": []}}
        """

    @Test func anEnvelopeNamesTheAppAndJoinsOnePartsEndToTheNextsStart() throws {
        let (events, summary) = try TraceFixture.ingest(Self.envelope, name: "session.json")
        #expect(events.map(\.name.rawValue) == ["system.foreground", "system.background"])
        #expect(events.map(\.source.line) == [4, 4])
        #expect(Set(events.map(\.app)) == ["com.example.notes"] && Set(events.map(\.platform)) == [.android])
        #expect(summary.labels.values == ["appVersion": "2.3.1", "osVersion": "14", "device": "Pixel 8"])
    }

    @Test func aSessionSpanWithoutAStartIsAnErrorNamingIt() throws {
        let text = #"{"data": {"spans": [{"name": "emb-session", "attributes": [{"key": "emb.state", "value": "foreground"}]}]}}"#
        let (events, summary) = try TraceFixture.ingest(text, name: "session.json")
        #expect(events.isEmpty && summary.problemCount == 1)
        #expect(summary.problems.first?.message.contains("'start_time_unix_nano'") == true)
    }
}
