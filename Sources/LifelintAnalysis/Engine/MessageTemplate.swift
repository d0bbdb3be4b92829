import LifelintModel

/// A rule's message with its placeholders found once, when the rule is compiled: `{app}`,
/// `{event}`, threshold names (`{graceWindow}`, resolved for the run), the finding event's
/// attributes (`{attr.key}`), and the values a monitor measured (`{outcome}`, `{limit}`,
/// `{count}`). An unknown placeholder is left as written, so a typo shows.
struct MessageTemplate {
    private enum Segment {
        case text(String)
        case app
        case event
        case attribute(String)
        /// A value the monitor measured, else the run's threshold of that name, else as written.
        case value(name: String, threshold: String?)
    }

    private let segments: [Segment]

    init(_ template: String, thresholds: Thresholds) {
        var segments: [Segment] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { segments.append(.text(String(rest[..<open]))) }
            segments.append(Self.segment(String(rest[rest.index(after: open)..<close]), thresholds: thresholds))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { segments.append(.text(String(rest))) }
        self.segments = segments
    }

    private static func segment(_ name: String, thresholds: Thresholds) -> Segment {
        if name == "app" { return .app }
        if name == "event" { return .event }
        if name.hasPrefix("attr.") { return .attribute(String(name.dropFirst(5))) }
        return .value(name: name, threshold: thresholds[name]?.description)
    }

    func render(event: Event, values: [String: String]) -> String {
        var output = ""
        for segment in segments {
            switch segment {
            case let .text(text): output += text
            case .app: output += event.app
            case .event: output += Attributes.shown(event.name.rawValue)
            case let .attribute(key): output += event.attributes[key].map(Attributes.shown) ?? "?"
            case let .value(name, threshold): output += values[name] ?? threshold ?? "{\(name)}"
            }
        }
        return output
    }
}
