/// Which apps of a trace one rule could be evaluated on, and what the others lacked. A rule
/// whose evidence is the app's own instrumentation (`sync.*`, `persist.*`, `input.edited`)
/// stays silent on an app that reports none of it, rather than claim an absence the trace
/// cannot show; coverage says so, so a quiet report is not mistaken for a clean app.
///
/// Stored compactly: the trace's app names once (`AppNames`) and which kind of evidence each
/// app gave (`AppEvidenceKinds`), both shared by every rule's coverage, and per rule one state
/// for each kind. A trace's apps give few kinds of evidence, so a million apps cost four
/// megabytes for the whole trace, not a list per rule.
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
    private let kinds: AppEvidenceKinds
    private let stateOfKind: [State]

    /// `stateOfKind` has a state for each of the kinds.
    public init(rule: String, needs: [String], apps: AppNames, kinds: AppEvidenceKinds, stateOfKind: [State]) {
        precondition(apps.names.count == kinds.kindOfApp.count, "one kind per app")
        precondition(kinds.count == stateOfKind.count, "one state per kind")
        (self.rule, self.needs, self.apps, self.kinds, self.stateOfKind) = (rule, needs, apps, kinds, stateOfKind)
    }

    /// Per app of `apps`, how far the rule was evaluated on it.
    public var states: [State] { kinds.kindOfApp.map { stateOfKind[Int($0)] } }

    public static func == (lhs: RuleCoverage, rhs: RuleCoverage) -> Bool {
        lhs.rule == rhs.rule && lhs.needs == rhs.needs && lhs.apps == rhs.apps && lhs.states == rhs.states
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(needs)
        hasher.combine(apps)
    }

    /// Apps on which every clause of the rule was evaluated.
    public var evaluated: [String] { names(in: .evaluated) }
    /// Apps on which only its clauses that need nothing from the app were evaluated.
    public var partial: [String] { names(in: .partial) }
    /// Apps that reported none of what the rule needs.
    public var notEvaluated: [String] { names(in: .notEvaluated) }

    public func names(in state: State) -> [String] {
        zip(apps.names, kinds.kindOfApp).compactMap { stateOfKind[Int($1)] == state ? $0 : nil }
    }

    /// Whether some app is in `state` (every kind is some app's).
    public func contains(_ state: State) -> Bool { stateOfKind.contains(state) }

    public var reason: String {
        if needs == [EventName.reporterEvent.rawValue] {
            return "no crash reporter's event in the trace: the rule checks a Sentry, Bugsnag or Crashlytics event's claim against its trail"
        }
        if needs == [EventName.evidenceAnrDump.rawValue] {
            return "no ANR thread dump in the trace: the rule reads one (/data/anr/anr_*, a bugreport's FS/data/anr, or its main thread pasted alone)"
        }
        return "no app reported \(Self.describe(needs)): instrument the app or add a mapping"
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

/// Which kind of evidence each app of a trace gave, as an index into the trace's distinct
/// kinds; held once and shared by every rule's coverage.
public final class AppEvidenceKinds: Sendable {
    /// Per app, its kind: below `count`, and every kind below `count` is some app's.
    public let kindOfApp: [UInt32]
    public let count: Int

    public init(kindOfApp: [UInt32], count: Int) {
        assert(Set(kindOfApp) == Set(0..<UInt32(count)), "every kind is some app's")
        (self.kindOfApp, self.count) = (kindOfApp, count)
    }
}
