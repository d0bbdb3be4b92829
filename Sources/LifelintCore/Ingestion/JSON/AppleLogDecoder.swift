/// Apple unified log exports (`log show --style json` and `--style ndjson`; formats.md §5).
/// Records whose `subsystem` is `lifelint` carry app events in the same `<name> key=value` form
/// as the logcat tag; the time keeps its UTC offset, the process and thread ids are kept, and
/// the app is the instrumentation's `app=` or else the process's executable name. The ndjson
/// trailer (`{"count":2,"finished":1}`) is structural; other records are ordinary log lines.
struct AppleLogDecoder: JSONRecordDecoder {
    static let subsystem = "lifelint"

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected a log record object, found \(record.kind)") }
        if object["finished"] != nil, object["eventMessage"] == nil { return .structural }
        guard object["subsystem"]?.string == Self.subsystem, let message = object["eventMessage"]?.string,
            var parsed = InstrumentationMessage.parse(message)
        else { return .other }
        guard let time = object["timestamp"]?.string.flatMap(TimestampParser.parse) else {
            return .problem("a lifelint record needs a 'timestamp' such as \"2023-02-23 10:44:02.761747+0100\"")
        }
        let pid = object["processID"]?.number.flatMap { Int32(exactly: $0) }
        let executable = object["processImagePath"]?.string.map { String($0.split(separator: "/").last ?? "") }
        let app = parsed.attributes["app"] ?? executable ?? pid.map(Event.appName(forUnknownPid:)) ?? "unknown"
        let platform = parsed.attributes["platform"].flatMap(Platform.init(rawValue:)) ?? .ios
        parsed.attributes["app"] = nil
        parsed.attributes["platform"] = nil
        return .event(Event(
            time: time, app: app, pid: pid, tid: object["threadID"]?.number.flatMap { Int32(exactly: $0) }, platform: platform,
            name: parsed.name, attributes: parsed.attributes, source: location))
    }
}
