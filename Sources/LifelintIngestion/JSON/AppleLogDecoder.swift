import LifelintModel

/// Apple unified log exports (`log show --style json` and `--style ndjson`; docs/formats.md §5).
/// Records whose `subsystem` is `lifelint` carry app events in the same `<name> key=value` form
/// as the logcat tag; records the user's mappings match (tag = subsystem or category) become
/// the mapped events. The time keeps its UTC offset, the process and thread ids are kept, and
/// the app is the message's `app=` or else the process's executable name. The ndjson trailer
/// (`{"count":2,"finished":1}`) is structural; other records are ordinary log lines.
struct AppleLogDecoder: JSONRecordDecoder {
    static let subsystem = "lifelint"
    private var mappings: MappingTable

    init(mappings: [LineMapping] = []) {
        self.mappings = MappingTable(mappings, container: .appleLog)
    }

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected a log record object, found \(record.kind)") }
        if object["finished"] != nil, object["eventMessage"] == nil { return .structural }
        guard let message = object["eventMessage"]?.string, let (name, found, platform) = appEvent(object, message) else {
            return object["timestamp"]?.string.flatMap(TimestampParser.parse).map(RecordOutcome.otherAt) ?? .other
        }
        guard let time = object["timestamp"]?.string.flatMap(TimestampParser.parse) else {
            return .problem("a lifelint record needs a 'timestamp' such as \"2023-02-23 10:44:02.761747+0100\"")
        }
        var attributes = found
        let pid = object["processID"]?.number.flatMap { Int32(exactly: $0) }
        let executable = object["processImagePath"]?.string.map { String($0.split(separator: "/").last ?? "") }
        let app = attributes["app"] ?? executable ?? pid.map(Event.appName(forUnknownPid:)) ?? "unknown"
        let resolvedPlatform = attributes["platform"].flatMap(Platform.init(rawValue:)) ?? platform ?? .ios
        attributes["app"] = nil
        attributes["platform"] = nil
        return .event(
            Event(
                time: time, app: app, pid: pid, tid: object["threadID"]?.number.flatMap { Int32(exactly: $0) }, platform: resolvedPlatform,
                name: name, attributes: attributes, source: location))
    }

    /// The instrumentation message of a `lifelint` record, or the event a mapping makes of it.
    private mutating func appEvent(_ object: JSONObject, _ message: String) -> (EventName, Attributes, Platform?)? {
        let subsystem = object["subsystem"]?.string ?? ""
        if subsystem == Self.subsystem {
            return InstrumentationMessage.parse(message).map { ($0.name, $0.attributes, nil) }
        }
        guard !mappings.isEmpty else { return nil }
        for tag in [subsystem, object["category"]?.string ?? ""] where !tag.isEmpty {
            if let match = mappings.match(tag: tag, message: message) { return (EventName(match.event), match.attributes, match.platform) }
        }
        return nil
    }
}
