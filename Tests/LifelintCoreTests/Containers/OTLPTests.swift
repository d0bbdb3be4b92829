import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// OpenTelemetry OTLP JSON from mobile SDKs, written from the semantic conventions and the SDKs'
/// sources (no recorded lifecycle payload is public): Splunk RUM for Android's log records,
/// named by the `event.name` attribute; the `eventName` field of newer SDKs; Splunk's iOS
/// lifecycle span; opentelemetry-android's activity spans.
@Suite struct OTLPTests {
    private static func attribute(_ key: String, _ value: String) -> String {
        #"{"key": "\#(key)", "value": {"stringValue": "\#(value)"}}"#
    }

    private static func resource(os: String) -> String {
        #"{"attributes": [\#(attribute("service.name", "com.example.notes")), \#(attribute("service.version", "2.3.1")), \#(attribute("os.name", os))]}"#
    }

    private static let androidLogs = """
        {"resourceLogs": [{"resource": \(resource(os: "android")), "scopeLogs": [{"scope": {"name": "SplunkRum"}, "logRecords": [
        {"timeUnixNano": "1709633641000000000", "attributes": [\(attribute("event.name", "device.app.lifecycle")), \(attribute("android.app.state", "created"))]},
        {"timeUnixNano": "1709633641200000000", "attributes": [\(attribute("event.name", "device.app.lifecycle")), \(attribute("android.app.state", "foreground"))]},
        {"timeUnixNano": "1709633700000000000", "eventName": "persist.begin", "attributes": [\(attribute("key", "draft"))]},
        {"timeUnixNano": "0", "observedTimeUnixNano": "1709633711100000000", "eventName": "device.app.lifecycle", "attributes": [\(attribute("android.app.state", "background"))]},
        {"timeUnixNano": "1709633712000000000", "body": {"stringValue": "GET /notes 200"}}
        ]}]}]}
        {"resourceSpans": [{"resource": \(resource(os: "android")), "scopeSpans": [{"spans": [
        {"name": "Paused", "startTimeUnixNano": "1709633710000000000", "attributes": [\(attribute("activity.name", "EditorActivity"))]},
        {"name": "AppStart", "startTimeUnixNano": "1709633640000000000", "attributes": [\(attribute("start.type", "cold"))]}
        ]}]}]}

        """

    @Test func lifecycleRecordsSpansAndTheAppsOwnEventsAtTheirLines() throws {
        let (events, summary) = try TraceFixture.ingest(Self.androidLogs, name: "otlp.jsonl")
        #expect(summary.format == "json otlp" && summary.problemCount == 0 && summary.categoriesAddUp)
        #expect(events.map(\.name.rawValue) == ["system.foreground", "persist.begin", "system.background", "activity.paused"])
        #expect(events.map(\.source.line) == [3, 4, 5, 9])
        #expect(
            events.map(\.time.iso8601) == ["2024-03-05T10:14:01.200000000Z", "2024-03-05T10:15:00.000000000Z", "2024-03-05T10:15:11.100000000Z", "2024-03-05T10:15:10.000000000Z"])
        #expect(Set(events.map(\.app)) == ["com.example.notes"] && Set(events.map(\.platform)) == [.android])
        #expect(events[1].attributes.dictionary == ["key": "draft"] && events[3].attributes.dictionary == ["component": "EditorActivity"])
        #expect(summary.labels.values == ["appVersion": "2.3.1"])
    }

    @Test(arguments: [("active", "system.foreground"), ("background", "system.background"), ("terminate", "app.will-terminate"), ("inactive", "nothing")])
    func appleStatesAsASpan(state: String, event: String) throws {
        let text = """
            {"resourceSpans": [{"resource": \(Self.resource(os: "iOS")), "scopeSpans": [{"scope": {"name": "app-lifecycle"}, "spans": [
            {"name": "device.app.lifecycle", "startTimeUnixNano": "1709633641000000000", "endTimeUnixNano": "1709633641000000000",
             "attributes": [\(Self.attribute("component", "app-lifecycle")), \(Self.attribute("ios.app.state", state))]}]}]}]}
            """
        let (events, _) = try TraceFixture.ingest(text, name: "otlp.json")
        #expect((events.first.map { "\($0.name.rawValue) \($0.platform.rawValue)" } ?? "nothing") == (event == "nothing" ? "nothing" : "\(event) ios"))
    }

    @Test func aLifecycleRecordWithoutATimeIsAnErrorNamingIt() throws {
        let text =
            #"{"resourceLogs": [{"scopeLogs": [{"logRecords": [{"eventName": "device.app.lifecycle", "attributes": [\#(Self.attribute("android.app.state", "background"))]}]}]}]}"#
        let (events, summary) = try TraceFixture.ingest(text, name: "otlp.json")
        #expect(events.isEmpty)
        #expect(
            summary.problems.map(\.description) == [
                "otlp.json:1:1: the log record 'device.app.lifecycle' has no 'timeUnixNano' or 'observedTimeUnixNano' in nanoseconds since 1970"
            ])
    }
}
