/// A rule clause prepared for the engine: a reference type, so the per-event loop passes it
/// without copying the rule's strings, and with the event names it can react to, so most
/// events skip most clauses.
final class CompiledClause: Sendable {
    let rule: Rule
    let clause: RuleClause
    /// Exact event names any of the clause's patterns name.
    let names: Set<String>
    /// Family prefixes (`activity.`) its patterns name.
    let families: [String]

    init(rule: Rule, clause: RuleClause) {
        self.rule = rule
        self.clause = clause
        let patterns = Self.patterns(of: clause.primitive)
        names = Set(patterns.filter { $0.familyPrefix == nil }.map(\.name))
        families = patterns.compactMap(\.familyPrefix)
    }

    func applies(to platform: Platform) -> Bool {
        platform == .unknown || rule.platforms.isEmpty || rule.platforms.contains(platform)
    }

    private static func patterns(of primitive: RuleClause.Primitive) -> [EventPattern] {
        switch primitive {
        case let .expect(clause):
            return clause.after + clause.expect + clause.failOn + clause.cancelOn
        case let .forbid(clause):
            return clause.event + (clause.inside?.callbacks ?? [])
        case let .maxDuration(clause):
            let phases = clause.during.isEmpty ? [] : AppPhase.allCases.map { EventPattern($0.eventName) } + [EventPattern(PhaseEvent.coldStart)]
            return [clause.start, clause.end] + clause.cutoff + phases
        case let .unpaired(clause):
            return [clause.start] + clause.end + clause.cutoff
        case let .rate(clause):
            return clause.event + (clause.per.map { $0.start + $0.end } ?? [])
        }
    }
}
