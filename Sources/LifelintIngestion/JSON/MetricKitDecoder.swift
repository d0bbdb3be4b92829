import Foundation
import LifelintModel

/// MetricKit payloads (`MXMetricPayload.jsonRepresentation()`, one or an array; docs/formats.md §7).
/// Application exit counters become one `evidence.app-exits` event per non-zero counter, with
/// attributes `reason` (`background-task-assertion-timeout`, `suspended-with-locked-file`,
/// `memory-pressure`, `app-watchdog`, ...), `context` (`background`/`foreground`), `count`, and
/// the payload's period (`from`, `to`). The events are stamped with the period's end.
struct MetricKitDecoder: JSONRecordDecoder {
    /// The first payload's `appVersion` and its `metaData`'s build, OS and device.
    private(set) var labels = TraceLabels()

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let payload = object else { return .problem("expected a MetricKit payload object, found \(record.kind)") }
        let metaData = JSONObject(payload["metaData"])
        let app = metaData?["bundleIdentifier"]?.string ?? "unknown"
        labels.record(TraceLabels.appVersion, payload["appVersion"]?.string ?? metaData?["appVersion"]?.string)
        labels.record(TraceLabels.appBuild, metaData?["appBuildVersion"]?.string)
        labels.record(TraceLabels.osVersion, metaData?["osVersion"]?.string)
        labels.record(TraceLabels.device, metaData?["deviceType"]?.string)
        let from = payload["timeStampBegin"]?.string
        let to = payload["timeStampEnd"]?.string
        let time = (to ?? from).flatMap(TimestampParser.parse) ?? .unknown
        guard let exits = JSONObject(payload["applicationExitMetrics"]) else { return .other }
        var events: [Event] = []
        let contexts: [(JSONValue?, String)] = [(exits["backgroundExitData"], "background"), (exits["foregroundExitData"], "foreground")]
        for (data, context) in contexts {
            guard let counters = JSONObject(data) else { continue }
            for (key, value) in counters.scalarMembers {
                guard let reason = Self.reason(ofCounter: key) else { continue }
                // A count is a whole number of exits, written `12` or `1e3`; anything else is
                // damage, said, not a counter silently left out.
                guard let number = Double(value), number >= 0, let count = Int(exactly: number) else {
                    return .problem("'\(key)' must be a whole number of exits, found \(value)")
                }
                guard count > 0 else { continue }
                var attributes: Attributes = ["reason": reason, "context": context, "count": String(count)]
                attributes["from"] = from
                attributes["to"] = to
                events.append(Event(time: time, app: app, platform: .ios, name: EventName.evidenceAppExits, attributes: attributes, source: location))
            }
        }
        return .events(events)
    }

    /// `cumulativeBackgroundTaskAssertionTimeoutExitCount` → `background-task-assertion-timeout`;
    /// normal exits are not evidence of anything.
    static func reason(ofCounter key: String) -> String? {
        guard key.hasPrefix("cumulative"), key.hasSuffix("ExitCount"), key != "cumulativeNormalAppExitCount" else { return nil }
        let words = key.dropFirst("cumulative".count).dropLast("ExitCount".count)
        var result = ""
        for character in words {
            if character.isUppercase, !result.isEmpty, result.last != "-" { result.append("-") }
            result.append(Character(character.lowercased()))
        }
        return result.replacingOccurrences(of: "c-p-u", with: "cpu")
    }
}
