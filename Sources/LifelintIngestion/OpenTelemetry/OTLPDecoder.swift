import LifelintModel

/// OpenTelemetry's OTLP JSON (docs/formats.md §15): export requests (`resourceLogs`,
/// `resourceSpans`), one document or one per line as the file exporter writes them. Lifecycle records and spans (`OTLPLifecycle`) become events at
/// their own times and lines; so do log records whose event name is one lifelint knows, or that
/// the user's mappings name (`container: opentelemetry`). The app is the resource's `app.id` or
/// `service.name`.
struct OTLPDecoder: JSONRecordDecoder {
    private(set) var labels = TraceLabels()
    private var mappings: MappingTable

    init(mappings: [LineMapping]) {
        self.mappings = MappingTable(mappings, container: .openTelemetry)
    }

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected an OTLP object, found \(record.kind)") }
        var lines = NestedValueLines(record, at: location)
        var events: [Event] = []
        let resources = object["resourceLogs"].elements + object["resourceSpans"].elements
        for resource in resources {
            guard let resource = JSONObject(resource) else { continue }
            if let problem = read(resource, into: &events, &lines) { return .problem(problem) }
        }
        return events.isEmpty ? .other : .events(events)
    }

    /// One resource's logs and spans; a problem names the record that has one.
    private mutating func read(_ resource: JSONObject, into events: inout [Event], _ lines: inout NestedValueLines) -> String? {
        let attributes = OTLPAttributes(JSONObject(resource["resource"])?["attributes"])
        let app = attributes["app.id"] ?? attributes["service.name"] ?? "unknown"
        let platform = Self.platform(attributes)
        labels.record(TraceLabels.appVersion, attributes["service.version"])
        labels.record(TraceLabels.osVersion, attributes["os.version"])
        labels.record(TraceLabels.device, attributes["device.model.identifier"] ?? attributes["device.model.name"])
        for scope in resource["scopeLogs"].elements.compactMap(JSONObject.init) {
            for record in scope["logRecords"].elements {
                guard let log = JSONObject(record) else { continue }
                let recordAttributes = OTLPAttributes(log["attributes"])
                let name = log["eventName"]?.string ?? recordAttributes["event.name"] ?? ""
                guard let (event, eventAttributes) = logEvent(name, log, recordAttributes) else { continue }
                guard let time = Self.time(log["timeUnixNano"]) ?? Self.time(log["observedTimeUnixNano"]) else {
                    return "the log record '\(name)' has no 'timeUnixNano' or 'observedTimeUnixNano' in nanoseconds since 1970"
                }
                events.append(Event(time: time, app: app, platform: platform, name: event, attributes: eventAttributes, source: lines.location(of: record)))
            }
        }
        for scope in resource["scopeSpans"].elements.compactMap(JSONObject.init) {
            for value in scope["spans"].elements {
                guard let span = JSONObject(value), let name = span["name"]?.string,
                    let (event, eventAttributes) = OTLPLifecycle.event(named: name, OTLPAttributes(span["attributes"]))
                else { continue }
                guard let time = Self.time(span["startTimeUnixNano"]) else { return "the span '\(name)' has no 'startTimeUnixNano' in nanoseconds since 1970" }
                events.append(Event(time: time, app: app, platform: platform, name: event, attributes: eventAttributes, source: lines.location(of: value)))
            }
        }
        return nil
    }

    private mutating func logEvent(_ name: String, _ log: JSONObject, _ attributes: OTLPAttributes) -> (EventName, Attributes)? {
        if let lifecycle = OTLPLifecycle.event(named: name, attributes) { return lifecycle }
        let body = JSONObject(log["body"])?["stringValue"]?.string ?? ""
        return AppOwnRecord.event(tag: name, message: body, name: name, data: { attributes.without("event.name") }, mappings: &mappings)
    }

    /// Nanoseconds since 1970, a JSON string as OTLP writes 64-bit integers (or a number); zero
    /// means unset.
    static func time(_ value: JSONValue?) -> Timestamp? {
        guard let text = value?.scalarText, let nanoseconds = Int64(text), nanoseconds > 0 else { return nil }
        return Timestamp(clock: .wall, nanoseconds: nanoseconds, utcOffsetSeconds: 0, fractionDigits: 9)
    }

    static func platform(_ resource: OTLPAttributes) -> Platform {
        Platform(osName: resource["os.name"]) ?? (resource["telemetry.sdk.language"] == "dart" ? .flutter : .unknown)
    }
}
