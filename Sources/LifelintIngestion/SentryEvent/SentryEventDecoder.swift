import LifelintModel

/// Sentry events (docs/formats.md §13): the event JSON as the API and the issue page give it,
/// one or several, and the SDKs' envelopes, whose item headers are skipped and whose items
/// other than events (sessions, transactions, client reports) are left unread. Each event's
/// breadcrumbs become events at their own times and lines, and its claim (`SentryClaim`) one
/// more at the event's time; all are the app's that `contexts.app` or the release names.
struct SentryEventDecoder: JSONRecordDecoder {
    private(set) var labels = TraceLabels()
    private var mappings: MappingTable
    /// In an envelope, the next record is the payload of an item that is not an event.
    private var skipsNextPayload = false

    init(mappings: [LineMapping]) {
        self.mappings = MappingTable(mappings, container: .breadcrumb)
    }

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected a Sentry event object, found \(record.kind)") }
        if skipsNextPayload {
            skipsNextPayload = false
            return .structural
        }
        let isEvent = object["timestamp"] != nil || object["platform"] != nil || object["breadcrumbs"] != nil || object["entries"] != nil
        if !isEvent, let itemType = object["type"]?.string {
            skipsNextPayload = itemType != "event"
            return .structural
        }
        guard isEvent else { return .structural }
        return read(object, record, at: location)
    }

    private mutating func read(_ event: JSONObject, _ record: JSONValue, at location: SourceLocation) -> RecordOutcome {
        let contexts = JSONObject(event["contexts"])
        let appContext = JSONObject(contexts?["app"])
        let os = JSONObject(contexts?["os"])
        let app = appContext?["app_identifier"]?.string ?? event["release"]?.string.map { String($0.prefix { $0 != "@" }) } ?? "unknown"
        let platform = Self.platform(sdk: JSONObject(event["sdk"])?["name"]?.string, os: os?["name"]?.string, event: event["platform"]?.string)
        labels.record(TraceLabels.appVersion, appContext?["app_version"]?.string)
        labels.record(TraceLabels.appBuild, appContext?["app_build"]?.string)
        labels.record(TraceLabels.osVersion, os?["version"]?.string)
        labels.record(TraceLabels.device, JSONObject(contexts?["device"])?["model"]?.string)
        var lines = NestedValueLines(record, at: location)
        var events: [Event] = []
        for (index, crumb) in Self.breadcrumbs(of: event).enumerated() {
            guard let object = JSONObject(crumb), let read = SentryBreadcrumb(object, mappings: &mappings) else { continue }
            guard let time = object["timestamp"]?.timestamp else {
                return .problem("breadcrumb \(index + 1)'s 'timestamp' must be ISO 8601 or seconds since 1970, found \(object["timestamp"]?.text ?? "none")")
            }
            events.append(Event(time: time, app: app, platform: platform, name: read.name, attributes: read.attributes, source: lines.location(of: crumb)))
        }
        let exceptions = Self.exceptions(of: event)
        let inForeground = appContext?["in_foreground"]?.bool
        let eventTime = (event["timestamp"] ?? event["datetime"] ?? event["dateCreated"])?.timestamp
        if let eventTime {
            let mechanism = exceptions.lazy.compactMap { JSONObject(JSONObject($0)?["mechanism"])?["type"]?.string }.first
            events.append(.reporterEvent("sentry", mechanism: mechanism, inForeground: inForeground, time: eventTime, app: app, platform: platform, source: location))
        }
        if let claim = SentryClaim(exceptions: exceptions, inForeground: inForeground) {
            guard let time = eventTime else {
                return .problem("the event's 'timestamp' must be ISO 8601 or seconds since 1970")
            }
            events.append(Event(time: time, app: app, platform: platform, name: claim.name, attributes: claim.attributes, source: lines.location(of: claim.exception)))
        }
        return .events(events)
    }

    /// `breadcrumbs` as a list, as `{"values": [...]}`, or in the API's `entries` as
    /// `{"type": "breadcrumbs", "data": {"values": [...]}}`.
    private static func breadcrumbs(of event: JSONObject) -> [JSONValue] {
        if let list = event["breadcrumbs"] {
            return list.kind == .array ? list.elements : JSONObject(list)?["values"].elements ?? []
        }
        return entry("breadcrumbs", of: event)?["values"].elements ?? []
    }

    /// `exception` as `{"values": [...]}` or a list, or the API's `exception` entry.
    private static func exceptions(of event: JSONObject) -> [JSONValue] {
        guard let exception = event["exception"] else { return entry("exception", of: event)?["values"].elements ?? [] }
        return exception.kind == .array ? exception.elements : JSONObject(exception)?["values"].elements ?? []
    }

    /// The `data` of the API's entry of `type`.
    private static func entry(_ type: String, of event: JSONObject) -> JSONObject? {
        for value in event["entries"].elements {
            guard let entry = JSONObject(value), entry["type"]?.string == type else { continue }
            return JSONObject(entry["data"])
        }
        return nil
    }

    /// The cross-platform SDKs name themselves (`sentry.dart.flutter`, `sentry.javascript.react-native`);
    /// the native ones by the OS they ran on.
    static func platform(sdk: String?, os: String?, event: String?) -> Platform {
        let sdk = sdk ?? ""
        if sdk.contains("flutter") || sdk.contains("dart") { return .flutter }
        if sdk.contains("react-native") { return .reactNative }
        return Platform(osName: os) ?? Platform(osName: event == "java" ? "android" : event) ?? .unknown
    }
}
