/// Which apps of a trace one rule could be evaluated on, and what the others lacked. A rule
/// whose evidence is the app's own instrumentation (`sync.*`, `persist.*`, `input.edited`)
/// stays silent on an app that reports none of it, rather than claim an absence the trace
/// cannot show; coverage says so, so a quiet report is not mistaken for a clean app.
public struct RuleCoverage: Sendable, Hashable {
    public var rule: String
    /// What the rule needs the app to report (its `requires`), as written in the rule.
    public var needs: [String]
    /// Apps on which every clause of the rule was evaluated.
    public var evaluated: [String]
    /// Apps on which only its clauses that need nothing from the app (the platform's own
    /// evidence) were evaluated.
    public var partial: [String]
    public var notEvaluated: [String]

    public init(rule: String, needs: [String], evaluated: [String], partial: [String], notEvaluated: [String]) {
        (self.rule, self.needs, self.evaluated, self.partial, self.notEvaluated) = (rule, needs, evaluated, partial, notEvaluated)
    }

    /// Why the rule was not evaluated on the apps that lacked its evidence.
    public var reason: String {
        "no app reported \(Self.describe(needs)): instrument the app or add a mapping"
    }

    /// `a`, `a or b`, `a, b or c`.
    package static func describe(_ patterns: [String]) -> String {
        guard patterns.count > 1 else { return patterns.first ?? "" }
        return patterns.dropLast().joined(separator: ", ") + " or " + patterns.last!
    }
}
