/// What a clause monitor reports: the event the finding points at, when it happened, the
/// events that explain it, and values for the message template.
struct Violation {
    var event: Event
    var time: Timestamp
    var related: [Event] = []
    var values: [String: String] = [:]
}

/// Inputs every monitor needs to judge one event.
struct Observation {
    let event: Event
    let context: AppContext

    func matches(_ patterns: [EventPattern]) -> Bool {
        patterns.contains { $0.matches(event) }
    }
}

extension Event {
    /// The values of `names`, joined: the key that pairs a start with its end.
    func key(_ names: [String]) -> String {
        names.map { attributes[$0] ?? "" }.joined(separator: "\u{1F}")
    }

    /// Whether this event carries every one of `names`.
    func has(_ names: [String]) -> Bool {
        names.allSatisfy { attributes[$0] != nil }
    }
}
