/// A rule clause prepared for the engine, once, for the run's thresholds (after the
/// configuration and `--set`): every duration, count and comparison operand is a number, so
/// nothing is parsed per event; the event names it can react to let most events skip most
/// clauses. A reference type, so the per-event loop passes it without copying the rule's strings.
final class CompiledClause: Sendable {
    let rule: Rule
    /// The clause with its patterns' comparisons resolved.
    let clause: RuleClause
    /// Exact event names any of the clause's patterns name.
    let names: Set<EventName>
    /// Family prefixes (`activity.`) its patterns name.
    let families: [String]
    /// `expect.within`, `forbid.inside.after`, `rate.window`, in nanoseconds.
    let within: Int64?
    /// `max-duration`'s limits, in order, in nanoseconds.
    let limits: [Int64?]
    /// `rate.max`.
    let maximum: Double?

    init(rule: Rule, clause: RuleClause, thresholds: Thresholds) {
        self.rule = rule
        var clause = clause
        clause.primitive = clause.primitive.resolved(with: thresholds)
        self.clause = clause
        func duration(_ text: String?) -> Int64? { text.flatMap { thresholds.resolve($0)?.nanoseconds } }
        switch clause.primitive {
        case let .expect(expect): (within, limits, maximum) = (duration(expect.within), [], nil)
        case let .forbid(forbid): (within, limits, maximum) = (duration(forbid.inside?.after), [], nil)
        case let .maxDuration(span): (within, limits, maximum) = (nil, span.limits.map { duration($0.limit) }, nil)
        case .unpaired: (within, limits, maximum) = (nil, [], nil)
        case let .rate(rate): (within, limits, maximum) = (duration(rate.window), [], thresholds.resolve(rate.max)?.attributeValue)
        }
        let patterns = Self.patterns(of: clause.primitive)
        names = Set(patterns.filter { $0.familyPrefix == nil }.map(\.eventName))
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
            let phases = clause.during.isEmpty ? [] : AppPhase.allCases.map { EventPattern($0.eventName) } + [EventPattern(EventName.phaseColdStart)]
            return [clause.start, clause.end] + clause.cutoff + phases
        case let .unpaired(clause):
            return [clause.start] + clause.end + clause.cutoff
        case let .rate(clause):
            return clause.event + (clause.per.map { $0.start + $0.end } ?? [])
        }
    }
}
