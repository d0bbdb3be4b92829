import LifelintModel

/// A run's rules compiled once for its thresholds: the clauses, the name table their patterns
/// were interned in, the evidence requirements, and what each of those names means to them.
/// Every trace's engine starts from the same compiled rules, shared by every worker: compiling
/// costs more than analysing a small trace, and a batch of thousands must not pay it per trace.
public struct CompiledRules: Sendable {
    let rules: [Rule]
    let names: EventNameTable
    let clauses: [CompiledClause]
    let requirements: EvidenceRequirements
    /// The facts of every name in `names`; an engine adds those of names its trace brings.
    let facts: NameFactsTable

    public init(rules: [Rule], thresholds: Thresholds = Thresholds()) {
        let pairs = rules.flatMap { rule in rule.match.map { (rule: rule, clause: $0) } }
        var names = EventNameTable()
        let clauses = pairs.map { CompiledClause(rule: $0.rule, clause: $0.clause, thresholds: thresholds, names: &names) }
        let requirements = EvidenceRequirements(pairs, names: &names)
        self.rules = rules
        self.names = names
        self.clauses = clauses
        self.requirements = requirements
        var facts = NameFactsTable(clauseCount: clauses.count)
        facts.learnNames(of: names, clauses: clauses, requirements: requirements)
        self.facts = facts
    }
}
