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
    /// Each rule without clauses (a verdict rule), by id: its index among the requirements.
    let clauselessRequirement: [String: Int]
    /// The facts of every name in `names`; an engine adds those of names its trace brings.
    let facts: NameFactsTable

    public init(rules: [Rule], thresholds: Thresholds = Thresholds()) {
        let pairs = rules.flatMap { rule in rule.match.map { (rule: rule, clause: $0) } }
        var names = EventNameTable()
        let clauses = pairs.map { CompiledClause(rule: $0.rule, clause: $0.clause, thresholds: thresholds, names: &names) }
        let clauseless = rules.filter(\.match.isEmpty)
        let requirements = EvidenceRequirements(pairs.map { $0.rule.requirement(of: $0.clause) } + clauseless.map(\.requires), names: &names)
        clauselessRequirement = Dictionary(clauseless.enumerated().map { ($1.id, pairs.count + $0) }, uniquingKeysWith: { first, _ in first })
        self.rules = rules
        self.names = names
        self.clauses = clauses
        self.requirements = requirements
        var facts = NameFactsTable(clauseCount: clauses.count)
        facts.learnNames(of: names, clauses: clauses, requirements: requirements)
        self.facts = facts
    }
}
