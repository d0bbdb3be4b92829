import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// Crashlytics rows as the BigQuery export gives them, made from Firebase's published schema
/// (no real export row is public): the `bq` tool's JSON array and `TO_JSON_STRING`'s lines.
@Suite struct CrashlyticsRowTests {
    private static func row(errorType: String, processState: String = "BACKGROUND", exceptions: String = "[]") -> String {
        #"""
        {"platform": "ANDROID", "bundle_identifier": "com.example.notes", "event_id": "5f0c1b2a", "installation_uuid": "0f1e2d",
         "event_timestamp": "2024-03-05 10:15:42.120000 UTC", "error_type": "\#(errorType)", "process_state": "\#(processState)",
         "issue_title": "DraftStore.flushBlocking", "application": {"build_version": "231", "display_version": "2.3.1"},
         "operating_system": {"display_version": "14", "name": "ANDROID"}, "device": {"manufacturer": "Google", "model": "Pixel 7"},
         "breadcrumbs": [
          {"timestamp": "2024-03-05 10:14:01.000000 UTC", "name": "screen_view", "params": [{"key": "firebase_screen_class", "value": "EditorActivity"}]},
          {"timestamp": "2024-03-05T10:14:02Z", "name": "user_engagement", "params": [{"key": "engagement_time_msec", "value": "12000"}]},
          {"timestamp": "2024-03-05 10:15:10.000000 UTC", "name": "input.edited", "params": [{"key": "field", "value": "body"}]}
         ],
         "logs": [
          {"timestamp": "2024-03-05 10:15:20.000000 UTC", "message": "lifelint: persist.begin key=draft"},
          {"timestamp": "2024-03-05 10:15:21.000000 UTC", "message": "draft flush slow"}
         ],
         "exceptions": \#(exceptions)}
        """#
    }

    @Test func aRowsTrailAndClaimAreEventsAtTheirLines() throws {
        let (events, summary) = try TraceFixture.ingest("[\n" + Self.row(errorType: "ANR") + "\n]\n", name: "rows.json")
        #expect(summary.format == "json crashlytics-rows" && summary.problemCount == 0 && summary.categoriesAddUp)
        #expect(events.map(\.name.rawValue) == ["screen.shown", "input.edited", "persist.begin", "reporter.event", "evidence.anr"])
        #expect(events.map(\.source.line) == [7, 9, 12, 2, 2])
        #expect(
            events.map(\.time.iso8601) == [
                "2024-03-05T10:14:01.000000Z", "2024-03-05T10:15:10.000000Z", "2024-03-05T10:15:20.000000Z", "2024-03-05T10:15:42.120000Z",
                "2024-03-05T10:15:42.120000Z",
            ])
        #expect(events[0].attributes.dictionary == ["route": "EditorActivity"] && events[1].attributes.dictionary == ["field": "body"])
        #expect(events[3].attributes.dictionary == ["reporter": "crashlytics", "mechanism": "ANR", "in_foreground": "false"])
        #expect(events[4].attributes.dictionary == ["reporter": "crashlytics", "mechanism": "ANR", "detail": "DraftStore.flushBlocking", "in_foreground": "false"])
        #expect(summary.labels.values == ["appVersion": "2.3.1", "appBuild": "231", "osVersion": "14", "device": "Pixel 7"])
    }

    @Test(arguments: [
        ("FATAL", "[]", "process.died crash"),
        ("FATAL", #"[{"type": "FlutterError", "exception_message": "setState() called after dispose()"}]"#, "nothing"),
        ("NON_FATAL", "[]", "nothing"),
    ])
    func eachErrorTypeClaimsWhatItMeans(errorType: String, exceptions: String, claim: String) throws {
        let text = Self.row(errorType: errorType, exceptions: exceptions).split(separator: "\n").joined() + "\n"
        let (events, _) = try TraceFixture.ingest(text, name: "rows.jsonl")
        let last = events.last.flatMap { $0.attributes["reporter"] != nil && $0.name != .reporterEvent ? $0 : nil }
        #expect((last.map { [$0.name.rawValue, $0.attributes["reason"]].compactMap { $0 }.joined(separator: " ") } ?? "nothing") == claim)
    }
}
