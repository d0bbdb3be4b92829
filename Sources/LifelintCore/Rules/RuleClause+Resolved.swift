extension RuleClause.Primitive {
    /// The primitive with every pattern and guard resolved for the run's thresholds.
    func resolved(with thresholds: Thresholds) -> RuleClause.Primitive {
        func patterns(_ list: [EventPattern]) -> [EventPattern] { list.map { $0.resolved(with: thresholds) } }
        func guards(_ list: [Guard]) -> [Guard] { list.map { $0.resolved(with: thresholds) } }
        switch self {
        case var .expect(clause):
            clause.after = patterns(clause.after)
            clause.when = guards(clause.when)
            clause.expect = patterns(clause.expect)
            clause.failOn = patterns(clause.failOn)
            clause.cancelOn = patterns(clause.cancelOn)
            return .expect(clause)
        case var .forbid(clause):
            clause.event = patterns(clause.event)
            clause.when = guards(clause.when)
            if let callbacks = clause.inside?.callbacks { clause.inside?.callbacks = patterns(callbacks) }
            return .forbid(clause)
        case var .maxDuration(clause):
            clause.start = clause.start.resolved(with: thresholds)
            clause.end = clause.end.resolved(with: thresholds)
            clause.cutoff = patterns(clause.cutoff)
            clause.limits = clause.limits.map { limit in
                var limit = limit
                limit.when = guards(limit.when)
                return limit
            }
            return .maxDuration(clause)
        case var .unpaired(clause):
            clause.start = clause.start.resolved(with: thresholds)
            clause.end = patterns(clause.end)
            clause.cutoff = patterns(clause.cutoff)
            return .unpaired(clause)
        case var .rate(clause):
            clause.event = patterns(clause.event)
            if let episode = clause.per { clause.per = RuleClause.Rate.Episode(start: patterns(episode.start), end: patterns(episode.end)) }
            return .rate(clause)
        }
    }
}
