import LifelintModel

/// lifelint's own event JSON, as app instrumentation writes it (schema:
/// `docs/schema/events.schema.json`): `{"time": ..., "event": "persist.begin", "app": ...,
/// "pid": ..., "platform": ..., "attrs": {...}}`, with `time` an ISO 8601 string or seconds
/// since 1970. `lifelint events` output reads back the same way (its `clock`, `tid` and
/// `source` are accepted).
struct LifelintJSONDecoder: JSONRecordDecoder {
    private var interner = StringInterner()
    private static let keyNames: InlineArray<7, StaticString> = ["event", "time", "pid", "tid", "app", "platform", "attrs"]
    private let keys = JSONKeyTable(Self.keyNames)

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected an event object, found \(record.kind)") }
        let (fields, repeated) = object.values(keys)
        // Which of two values a reader takes differs between JSON parsers: neither is guessed.
        if let repeated { return .problem("'\(Self.keyNames[repeated])' is given twice") }
        guard let nameValue = fields[0] else { return .problem("missing 'event' (the event name)") }
        // A name made before was checked before.
        guard let nameBytes = object.rawStringBytes(of: nameValue), interner.holdsEventName(nameBytes) || InstrumentationMessage.isValidEventName(bytes: nameBytes.span) else {
            return .problem("'event' must be an event name such as \"persist.begin\", found \(nameValue.text)")
        }
        guard let timeValue = fields[1] else { return .problem("missing 'time'") }
        let time: Timestamp
        switch timeValue.kind {
        case .number:
            guard let seconds = TimestampParser.seconds(timeValue.number ?? .nan) else { return .problem("'time' is out of range: \(timeValue.text)") }
            time = seconds
        case .string:
            guard let parsed = object.rawStringBytes(of: timeValue).flatMap({ TimestampParser.parse(bytes: $0.span) }) ?? timeValue.string.flatMap(TimestampParser.parse) else {
                return .problem("'time' must be ISO 8601 (\"2024-01-08T09:15:42.305Z\") or seconds since 1970, found \(timeValue.text)")
            }
            time = parsed
        case .null: time = .unknown
        default: return .problem("'time' must be a string or a number, found \(timeValue.text)")
        }
        var pid: Int32?
        if let value = fields[2], value.kind != .null {
            guard let number = value.number, let exact = Int32(exactly: number) else { return .problem("'pid' must be an integer, found \(value.text)") }
            pid = exact
        }
        var tid: Int32?
        if let value = fields[3], value.kind != .null { tid = value.number.flatMap { Int32(exactly: $0) } }
        let app: String
        if let value = fields[4], value.kind != .null {
            guard value.kind == .string else { return .problem("'app' must be a string, found \(value.text)") }
            app = interner.string(json: value, isEscapeFree: object.isEscapeFree)
        } else {
            app = pid.map(Event.appName(forUnknownPid:)) ?? "unknown"
        }
        var platform = Platform.unknown
        if let value = fields[5], value.kind != .null {
            guard value.kind == .string, let parsed = object.rawStringBytes(of: value).flatMap({ Platform(utf8: $0.span) }) ?? value.string.flatMap(Platform.init(rawValue:)) else {
                return .problem("'platform' must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", ")), found \(value.text)")
            }
            platform = parsed
        }
        var attributes = Attributes()
        if let value = fields[6], value.kind != .null {
            guard value.kind == .object else { return .problem("'attrs' must be an object, found \(value.text)") }
            object.withMembers(of: value) { members in
                attributes.reserveCapacity(members.count)
                for member in members {
                    guard let text = interner.scalarText(member.value, isEscapeFree: object.isEscapeFree) else { continue }
                    let key = JSONValue(bytes: value.bytes, range: member.key, kind: .string)
                    attributes.appendUnique(key: interner.string(json: key, isEscapeFree: object.isEscapeFree), value: text)
                }
            }
            if let key = attributes.firstRepeatedKey { return .problem("'attrs' has the key '\(key)' twice; which value is meant cannot be told") }
        }
        let name = interner.eventName(nameBytes)
        return .event(Event(time: time, app: app, pid: pid, tid: tid, platform: platform, name: name, attributes: attributes, source: location))
    }
}
