import LifelintModel

/// Crashlytics events as the BigQuery export gives them (docs/formats.md §16), one row per
/// record (a JSON array or JSON Lines, as `bq query --format=json` and `TO_JSON_STRING` write
/// them). The row's breadcrumbs (Analytics events: `screen_view`, and the app's own, whose names
/// lifelint may know) and logs (the app's `Crashlytics.log` lines, instrumentation when they
/// start with `lifelint: `) become events at their own times and lines; the row's `error_type`
/// is its claim: `ANR` an ANR, `FATAL` a crash. The app is `bundle_identifier`.
struct CrashlyticsRowDecoder: JSONRecordDecoder {
    private(set) var labels = TraceLabels()
    private var mappings: MappingTable

    init(mappings: [LineMapping]) {
        self.mappings = MappingTable(mappings, container: .breadcrumb)
    }

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let row = object else { return .problem("expected a Crashlytics row object, found \(record.kind)") }
        let app = row["bundle_identifier"]?.string ?? "unknown"
        let system = JSONObject(row["operating_system"])
        let platform = Self.platform(row["platform"]?.string ?? system?["name"]?.string)
        let application = JSONObject(row["application"])
        labels.record(TraceLabels.appVersion, application?["display_version"]?.string)
        labels.record(TraceLabels.appBuild, application?["build_version"]?.string)
        labels.record(TraceLabels.osVersion, system?["display_version"]?.string)
        labels.record(TraceLabels.device, JSONObject(row["device"])?["model"]?.string)
        var lines = NestedValueLines(record, at: location)
        var events: [Event] = []
        for (index, value) in row["breadcrumbs"].elements.enumerated() {
            guard let crumb = JSONObject(value), let name = crumb["name"]?.string else { continue }
            let parameters = Self.parameters(crumb["params"])
            guard let (event, attributes) = breadcrumbEvent(name, parameters) else { continue }
            guard let time = Self.time(crumb["timestamp"]) else { return .problem("breadcrumb \(index + 1)'s 'timestamp' is not a time") }
            events.append(Event(time: time, app: app, platform: platform, name: event, attributes: attributes, source: lines.location(of: value)))
        }
        for (index, value) in row["logs"].elements.enumerated() {
            guard let log = JSONObject(value), let message = log["message"]?.string, let parsed = InstrumentationMessage.parse(prefixed: message[...]) else { continue }
            guard let time = Self.time(log["timestamp"]) else { return .problem("log \(index + 1)'s 'timestamp' is not a time") }
            events.append(Event(time: time, app: app, platform: platform, name: parsed.name, attributes: parsed.attributes, source: lines.location(of: value)))
        }
        let eventTime = Self.time(row["event_timestamp"])
        if let eventTime {
            let inForeground = row["process_state"]?.string.map { $0.uppercased() == "FOREGROUND" }
            events.append(
                .reporterEvent("crashlytics", mechanism: row["error_type"]?.string, inForeground: inForeground, time: eventTime, app: app, platform: platform, source: location))
        }
        if let claim = claim(row) {
            guard let time = eventTime else { return .problem("the row's 'event_timestamp' is not a time") }
            events.append(Event(time: time, app: app, platform: platform, name: claim.0, attributes: claim.1, source: location))
        }
        return events.isEmpty ? .other : .events(events)
    }

    /// `screen_view` is a screen shown (`firebase_screen_class`, `firebase_screen`); the app's
    /// own events through the mappings (tag = the event's name) or as lifelint names them.
    private mutating func breadcrumbEvent(_ name: String, _ parameters: [String: String]) -> (EventName, Attributes)? {
        if name == "screen_view", let screen = parameters["firebase_screen_class"] ?? parameters["firebase_screen"] {
            return (.screenShown, ["route": screen])
        }
        return AppOwnRecord.event(
            tag: name, message: "", name: name,
            data: {
                var attributes = Attributes()
                for key in parameters.keys.sorted() { attributes[key] = parameters[key] }
                return attributes
            }, mappings: &mappings)
    }

    /// `ANR` is an ANR; `FATAL` a crash, unless the row's exceptions are a Flutter error, which
    /// Crashlytics records as fatal while the app runs on.
    private func claim(_ row: JSONObject) -> (EventName, Attributes)? {
        var attributes: Attributes = ["reporter": "crashlytics"]
        attributes["mechanism"] = row["error_type"]?.string
        attributes["detail"] = row["issue_title"]?.string
        attributes["in_foreground"] = row["process_state"]?.string.map { $0.uppercased() == "FOREGROUND" ? "true" : "false" }
        switch row["error_type"]?.string ?? (row["is_fatal"]?.bool == true ? "FATAL" : "") {
        case "ANR":
            return (.evidenceAnr, attributes)
        case "FATAL":
            let exceptions = row["exceptions"].elements.compactMap { JSONObject($0)?["type"]?.string }
            guard !exceptions.contains(where: { $0.contains("FlutterError") }) else { return nil }
            attributes["reason"] = ProcessDeathReason.crash.rawValue
            return (.processDied, attributes)
        default:
            return nil
        }
    }

    /// `params` as BigQuery's repeated `{key, value}` records (or an object, as the REST API gives them).
    private static func parameters(_ value: JSONValue?) -> [String: String] {
        guard let value else { return [:] }
        if let object = JSONObject(value) { return Dictionary(object.scalarMembers, uniquingKeysWith: { first, _ in first }) }
        var result: [String: String] = [:]
        for pair in value.elements.compactMap(JSONObject.init) {
            guard let key = pair["key"]?.string, let text = pair["value"]?.scalarText else { continue }
            result[key] = result[key] ?? text
        }
        return result
    }

    /// BigQuery's timestamps: `2024-03-05 10:15:42.120000 UTC` (the `bq` tool), ISO 8601
    /// (`TO_JSON_STRING`), or seconds since 1970.
    private static func time(_ value: JSONValue?) -> Timestamp? {
        guard let value else { return nil }
        guard let text = value.string, text.hasSuffix(" UTC") else { return value.timestamp }
        return TimestampParser.parse(String(text.dropLast(4)).replacingOccurrences(of: " ", with: "T") + "Z")
    }

    static func platform(_ name: String?) -> Platform { Platform(osName: name) ?? .unknown }
}
