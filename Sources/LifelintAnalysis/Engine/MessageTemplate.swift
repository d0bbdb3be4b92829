import LifelintModel

/// Fills a rule's message: `{app}`, `{event}`, threshold names (`{graceWindow}`), the finding
/// event's attributes (`{attr.key}`), and the values a monitor measured (`{outcome}`,
/// `{limit}`, `{count}`). An unknown placeholder is left as written, so a typo shows.
enum MessageTemplate {
    static func render(_ template: String, event: Event, values: [String: String], thresholds: Thresholds) -> String {
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            output += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            output += value(of: name, event: event, values: values, thresholds: thresholds) ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    private static func value(of name: String, event: Event, values: [String: String], thresholds: Thresholds) -> String? {
        if name == "app" { return event.app }
        if name == "event" { return event.name.rawValue }
        if name.hasPrefix("attr.") { return event.attributes[String(name.dropFirst(5))] ?? "?" }
        return values[name] ?? thresholds[name]?.description
    }
}
