import LifelintModel
import LifelintIngestion

/// What a clause monitor reports: the event the finding points at, when it happened, the
/// events that explain it, and values for the message template.
struct Violation {
    var event: Event
    var time: Timestamp
    var related: [Event] = []
    var values: [String: String] = [:]
}

/// Inputs every monitor needs to judge one event: the event, its interned name, and the app's
/// history before it.
struct Observation {
    let event: Event
    let name: Int
    let history: AppHistory
    let families: EventNameTable.FamilyMembership

    func matches(_ pattern: CompiledPattern) -> Bool {
        pattern.matches(event, name: name, in: families)
    }

    func matches(_ patterns: [CompiledPattern]) -> Bool {
        patterns.contains { $0.matches(event, name: name, in: families) }
    }

    func evaluate(_ guards: [CompiledGuard]) -> [AppHistory.Occurrence]? {
        history.evaluate(guards, in: families)
    }

    func last(_ pattern: CompiledPattern) -> AppHistory.Occurrence? {
        history.last(pattern, in: families)
    }
}

extension Event {
    /// The values of `names`, joined: the key that pairs a start with its end.
    func key(_ names: [String]) -> String {
        names.count == 1 ? attributes[names[0]] ?? "" : names.map { attributes[$0] ?? "" }.joined(separator: "\u{1F}")
    }

    /// Whether this event carries every one of `names`.
    func has(_ names: [String]) -> Bool {
        names.allSatisfy { attributes[$0] != nil }
    }
}
