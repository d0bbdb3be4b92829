import LifelintModel

/// Embrace's payloads (docs/formats.md §15): OpenTelemetry spans and logs in Embrace's own
/// serialisation (snake_case names, times as JSON numbers, attribute values as strings), inside
/// the envelope its SDKs send (`resource`, `data.spans`, `data.span_snapshots`, `data.logs`) or
/// alone. A session span (`emb-session`) says the app's state from its start (`emb.state`) and,
/// when the state changed to end it (`emb.session_end_type` `state`, and no
/// `emb.termination_cause`: a part a crash ended says `state` too), the other state at its end; a crash log is the reporter's claim that a crash ended the process; an exit log
/// (`sys.exit`) relays Android's `ApplicationExitInfo` for an earlier process. The app is the
/// resource's `app_ecosystem_id`.
struct EmbracePayloadDecoder: JSONRecordDecoder {
    private(set) var labels = TraceLabels()
    /// The last state a session span said, so that one part's end and the next part's start
    /// make one event.
    private var lastState: (time: Timestamp, name: EventName)?

    /// The log types whose record is a crash that ended the process.
    private static let crashTypes: Set<String> = ["sys.android.crash", "sys.android.native_crash", "sys.android.react_native_crash", "sys.ios.crash"]

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected an Embrace payload object, found \(record.kind)") }
        let resource = JSONObject(object["resource"])
        let app = resource?["app_ecosystem_id"]?.string ?? "unknown"
        let platform = Platform(osName: resource?["os_name"]?.string ?? resource?["os_type"]?.string) ?? .unknown
        labels.record(TraceLabels.appVersion, resource?["app_version"]?.string)
        labels.record(TraceLabels.osVersion, resource?["os_version"]?.string)
        labels.record(TraceLabels.device, resource?["device_model"]?.string)
        let data = JSONObject(object["data"]) ?? object
        let spans = object["name"] == nil ? data["spans"].elements + data["span_snapshots"].elements : [record]
        var lines = NestedValueLines(record, at: location)
        var events: [Event] = []
        let context = Context(app: app, platform: platform)
        for value in spans {
            guard let span = JSONObject(value), span["name"]?.string == "emb-session" else { continue }
            guard let problem = sessionEvents(span, context, source: lines.location(of: value), into: &events) else { continue }
            return .problem(problem)
        }
        for value in data["logs"].elements {
            guard let log = JSONObject(value) else { continue }
            guard let problem = logEvents(log, context, source: lines.location(of: value), into: &events) else { continue }
            return .problem(problem)
        }
        return events.isEmpty ? .other : .events(events)
    }

    private struct Context {
        let app: String
        let platform: Platform

        func event(_ name: EventName, at time: Timestamp, _ attributes: Attributes, _ source: SourceLocation) -> Event {
            Event(time: time, app: app, platform: platform, name: name, attributes: attributes, source: source)
        }
    }

    private mutating func sessionEvents(_ span: JSONObject, _ context: Context, source: SourceLocation, into events: inout [Event]) -> String? {
        let attributes = OTLPAttributes(span["attributes"])
        guard let (state, detail) = OTLPLifecycle.embraceState(attributes) else { return nil }
        guard let start = OTLPDecoder.time(span["start_time_unix_nano"]) else {
            return "the session span has no 'start_time_unix_nano' in nanoseconds since 1970"
        }
        appendState(state, at: start, detail, context, source, into: &events)
        if attributes["emb.session_end_type"] == "state", attributes["emb.termination_cause"] == nil, let end = OTLPDecoder.time(span["end_time_unix_nano"]) {
            appendState(state == .systemForeground ? .systemBackground : .systemForeground, at: end, detail, context, source, into: &events)
        }
        return nil
    }

    private mutating func appendState(
        _ name: EventName, at time: Timestamp, _ detail: Attributes, _ context: Context, _ source: SourceLocation, into events: inout [Event]
    ) {
        if let lastState, lastState.name == name, lastState.time == time { return }
        lastState = (time, name)
        events.append(context.event(name, at: time, detail, source))
    }

    private func logEvents(_ log: JSONObject, _ context: Context, source: SourceLocation, into events: inout [Event]) -> String? {
        let attributes = OTLPAttributes(log["attributes"])
        guard let type = attributes["emb.type"] else { return nil }
        if type == "sys.exit" { return exitEvent(attributes, context, source, into: &events) }
        guard Self.crashTypes.contains(type) else { return nil }
        guard let time = OTLPDecoder.time(log["time_unix_nano"]) else { return "the crash log has no 'time_unix_nano' in nanoseconds since 1970" }
        let inForeground = OTLPLifecycle.embraceState(attributes).map { $0.0 == .systemForeground }
        events.append(.reporterEvent("embrace", mechanism: type, inForeground: inForeground, time: time, app: context.app, platform: context.platform, source: source))
        var claim: Attributes = ["reporter": "embrace", "mechanism": type, "reason": ProcessDeathReason.crash.rawValue]
        claim["exception"] = attributes["exception.type"]
        claim["detail"] = attributes["exception.message"].map { String($0.prefix(TraceLabels.maximumLength)) }
        claim["in_foreground"] = inForeground.map { $0 ? "true" : "false" }
        events.append(context.event(.processDied, at: time, claim, source))
        return nil
    }

    /// Android's exit record, relayed at the time it gives (`timestamp`, milliseconds since
    /// 1970): the reason and importance read as `dumpsys activity exit-info` gives them.
    private func exitEvent(_ attributes: OTLPAttributes, _ context: Context, _ source: SourceLocation, into events: inout [Event]) -> String? {
        guard let code = attributes["reason"].flatMap(Int.init) else { return nil }
        guard let milliseconds = attributes["timestamp"].flatMap(Int64.init), milliseconds > 0 else {
            return "the exit log's 'timestamp' is not milliseconds since 1970"
        }
        var record = ExitInfoRecord(line: source.line)
        record.fields["reason"] = ExitInfoRecord.reasonName(code: code)
        record.fields["importance"] = attributes["process_importance"]
        let (reason, initiator) = record.death
        var claim: Attributes = ["reporter": "embrace", "mechanism": "sys.exit", "reason": reason, "initiator": initiator.rawValue, "source": "exit-info"]
        claim["exit_reason"] = record.exitReason
        claim["importance"] = record.fields["importance"].flatMap(Int.init).map(ExitInfoRecord.importanceName)
        let time = Timestamp(clock: .wall, nanoseconds: milliseconds * 1_000_000, utcOffsetSeconds: 0, fractionDigits: 3)
        events.append(context.event(.processDied, at: time, claim, source))
        return nil
    }
}
