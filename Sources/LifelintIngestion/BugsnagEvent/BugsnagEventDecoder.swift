import LifelintModel

/// Bugsnag events (docs/formats.md §14): the Error Reporting API's payload, whose `events` are
/// the records, or one event as a notifier keeps it on disk. Each breadcrumb becomes events at
/// its own time and line, the event's claim (`BugsnagClaim`) one more at `device.time` (in
/// `metaData.device` before version 5), all the
/// app's that `app.id` names.
struct BugsnagEventDecoder: JSONRecordDecoder {
    private(set) var labels = TraceLabels()
    private var mappings: MappingTable

    init(mappings: [LineMapping]) {
        self.mappings = MappingTable(mappings, container: .breadcrumb)
    }

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let event = object else { return .problem("expected a Bugsnag event object, found \(record.kind)") }
        let app = JSONObject(event["app"])
        let device = JSONObject(event["device"])
        let exception = event["exceptions"].flatMap { $0.kind == .array ? $0.children().first.flatMap { JSONObject($0.value) } : nil }
        let appID = app?["id"]?.string ?? app?["packageName"]?.string ?? app?["bundleIdentifier"]?.string ?? "unknown"
        let platform = Self.platform(app: app?["type"]?.string, os: device?["osName"]?.string, exception: exception?["type"]?.string)
        labels.record(TraceLabels.appVersion, app?["version"]?.string)
        labels.record(TraceLabels.appBuild, app?["versionCode"]?.scalarText ?? app?["bundleVersion"]?.string)
        labels.record(TraceLabels.osVersion, device?["osVersion"]?.string)
        labels.record(TraceLabels.device, device?["model"]?.string)
        var lines = NestedValueLines(record, at: location)
        var events: [Event] = []
        let crumbs = event["breadcrumbs"].elements
        for (index, crumb) in crumbs.enumerated() {
            guard let object = JSONObject(crumb), let read = BugsnagBreadcrumb(object, mappings: &mappings) else { continue }
            guard let time = object["timestamp"]?.timestamp else {
                return .problem("breadcrumb \(index + 1)'s 'timestamp' must be ISO 8601, found \(object["timestamp"]?.text ?? "none")")
            }
            let source = lines.location(of: crumb)
            for (name, attributes) in read.events {
                events.append(Event(time: time, app: appID, platform: platform, name: name, attributes: attributes, source: source))
            }
        }
        let deviceTime = (device?["time"] ?? JSONObject(JSONObject(event["metaData"])?["device"])?["time"])?.timestamp
        if let deviceTime {
            let mechanism = JSONObject(event["severityReason"])?["type"]?.string
            let inForeground = app?["inForeground"]?.bool
            events.append(.reporterEvent("bugsnag", mechanism: mechanism, inForeground: inForeground, time: deviceTime, app: appID, platform: platform, source: location))
        }
        if let claim = BugsnagClaim(event, exception: exception, platform: platform) {
            guard let time = deviceTime else {
                return .problem("the event's 'device.time' must be ISO 8601 for its \(claim.name) to be placed")
            }
            let source = event["exceptions"].map { lines.location(of: $0) } ?? location
            events.append(Event(time: time, app: appID, platform: platform, name: claim.name, attributes: claim.attributes, source: source))
        }
        return .events(events)
    }

    /// `app.type` (`android`, `ios`, `reactnative`, `flutter`), else the device's OS, else the
    /// first exception's type.
    static func platform(app: String?, os: String?, exception: String?) -> Platform {
        switch app?.lowercased() {
        case "reactnative"?, "react-native"?: return .reactNative
        case "flutter"?: return .flutter
        default: return Platform(osName: app) ?? Platform(osName: os ?? exception) ?? .unknown
        }
    }
}
