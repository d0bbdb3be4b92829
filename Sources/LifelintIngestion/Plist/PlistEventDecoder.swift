import LifelintModel

/// A plist record as an event: the same keys as lifelint's event JSON, with `time` a `<date>`,
/// a `<real>` (seconds since 1970) or an ISO 8601 `<string>`.
enum PlistEventDecoder {
    static func decode(_ record: PlistValue, at location: SourceLocation) -> RecordOutcome {
        guard case .dictionary = record else { return .problem("expected an event dict, found \(record.kindName)") }
        guard let nameValue = record["event"] else { return .problem("missing 'event' (the event name)") }
        guard let name = nameValue.string, InstrumentationMessage.isValidEventName(Substring(name).utf8[...]) else {
            return .problem("'event' must be an event name string such as persist.begin")
        }
        let time: Timestamp
        switch record["time"] {
        case let .date(seconds)?:
            guard let date = PlistValue.timestamp(ofDate: seconds) else { return .problem("'time' is out of range") }
            time = date
        case let .real(seconds)?:
            guard let parsed = TimestampParser.seconds(seconds) else { return .problem("'time' is out of range: \(seconds)") }
            time = parsed
        case let .integer(seconds)?:
            guard let parsed = TimestampParser.seconds(Double(seconds)) else { return .problem("'time' is out of range: \(seconds)") }
            time = parsed
        case let .string(text)?:
            guard let parsed = TimestampParser.parse(text) else { return .problem("'time' must be a date, seconds, or ISO 8601 text, found \"\(text)\"") }
            time = parsed
        case nil: return .problem("missing 'time'")
        case let other?: return .problem("'time' must be a date, a real or a string, found \(other.kindName)")
        }
        var pid: Int32?
        if let value = record["pid"] {
            guard case let .integer(number) = value, let exact = Int32(exactly: number) else { return .problem("'pid' must be an integer") }
            pid = exact
        }
        var app = pid.map(Event.appName(forUnknownPid:)) ?? "unknown"
        if let value = record["app"] {
            guard let text = value.string else { return .problem("'app' must be a string, found \(value.kindName)") }
            app = text
        }
        var platform = Platform.unknown
        if let value = record["platform"] {
            guard let parsed = value.string.flatMap(Platform.init(rawValue:)) else {
                return .problem("'platform' must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            platform = parsed
        }
        var attributes = Attributes()
        if let value = record["attrs"] {
            guard case let .dictionary(entries) = value else { return .problem("'attrs' must be a dict, found \(value.kindName)") }
            for entry in entries {
                if let text = entry.value.scalarText { attributes[entry.key] = text }
            }
        }
        var tid: Int32?
        if case let .integer(number)? = record["tid"] { tid = Int32(exactly: number) }
        return .event(Event(time: time, app: app, pid: pid, tid: tid, platform: platform, name: EventName(name), attributes: attributes, source: location))
    }

    /// The records of a document: its root array, or the `events` array of its root dict.
    static func records(ofRoot root: PlistValue) -> [PlistValue]? {
        if case let .array(records) = root { return records }
        if case let .array(records)? = root["events"] { return records }
        return nil
    }
}
