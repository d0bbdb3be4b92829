/// Which apps of a trace one rule could be evaluated on, and what the others lacked. A rule
/// whose evidence is the app's own instrumentation (`sync.*`, `persist.*`, `input.edited`)
/// stays silent on an app that reports none of it, rather than claim an absence the trace
/// cannot show; coverage says so, so a quiet report is not mistaken for a clean app.
///
/// Stored compactly: the trace's app names once (`AppNames`, shared by every rule's coverage)
/// and one state byte per app, so a trace with a million apps costs a megabyte per rule, not a
/// list of names per rule.
public struct RuleCoverage: Sendable, Hashable {
    public enum State: UInt8, Sendable, Hashable {
        /// Every clause of the rule was evaluated.
        case evaluated
        /// Only its clauses that need nothing from the app (the platform's own evidence).
        case partial
        /// None: the app reported none of what the rule needs.
        case notEvaluated
    }

    public var rule: String
    /// What the rule needs the app to report (its `requires`), as written in the rule.
    public var needs: [String]
    /// The trace's apps, sorted, the same list for every rule.
    public let apps: AppNames
    /// Per app of `apps`, how far the rule was evaluated on it.
    public var states: [State]

    public init(rule: String, needs: [String], apps: AppNames, states: [State]) {
        precondition(apps.names.count == states.count, "one state per app")
        (self.rule, self.needs, self.apps, self.states) = (rule, needs, apps, states)
    }

    /// Apps on which every clause of the rule was evaluated.
    public var evaluated: [String] { names(in: .evaluated) }
    /// Apps on which only its clauses that need nothing from the app were evaluated.
    public var partial: [String] { names(in: .partial) }
    /// Apps that reported none of what the rule needs.
    public var notEvaluated: [String] { names(in: .notEvaluated) }

    public func names(in state: State) -> [String] {
        zip(apps.names, states).compactMap { $1 == state ? $0 : nil }
    }

    /// Whether some app is in `state`.
    public func contains(_ state: State) -> Bool { states.contains(state) }

    public var reason: String {
        "no app reported \(Self.describe(needs)): instrument the app or add a mapping"
    }

    package static func describe(_ patterns: [String]) -> String {
        guard patterns.count > 1 else { return patterns.first ?? "" }
        return patterns.dropLast().joined(separator: ", ") + " or " + patterns.last!
    }
}

/// A trace's app names, held once and shared (a class, so copies are references).
public final class AppNames: Sendable, Hashable {
    public let names: [String]

    public init(_ names: [String]) {
        self.names = names
    }

    public static func == (lhs: AppNames, rhs: AppNames) -> Bool { lhs === rhs || lhs.names == rhs.names }

    public func hash(into hasher: inout Hasher) { hasher.combine(names) }
}
