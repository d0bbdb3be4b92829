/// The `requires` of every clause, resolved once: each distinct pattern gets a bit, each
/// clause the mask of the patterns any one of which satisfies it, and each event name (on
/// first sight) the mask of the patterns it matches. An app's evidence is then one integer
/// that an event ORs into, and a clause is evaluable when its mask meets it.
struct EvidenceRequirements {
    /// At most this many distinct patterns across the loaded rules (one bit each; the catalogue
    /// refuses more). A pattern past it gets the last bit, which no event sets: its clause is
    /// never evaluated rather than evaluated without its evidence.
    static let capacity = 63
    private static let unsatisfiable: UInt64 = 1 << 63

    let patterns: [EventPattern]
    /// Per clause, in clause order; 0 for a clause that needs nothing.
    let clauseMasks: [UInt64]
    private var maskByEventName: [EventName: UInt64] = [:]

    init(_ clauses: [CompiledClause]) {
        var patterns: [EventPattern] = []
        clauseMasks = clauses.map { compiled in
            compiled.rule.requirement(of: compiled.clause).reduce(UInt64(0)) { mask, pattern in
                var index = patterns.firstIndex(of: pattern)
                if index == nil, patterns.count < Self.capacity {
                    patterns.append(pattern)
                    index = patterns.count - 1
                }
                return mask | (index.map { 1 << UInt64($0) } ?? Self.unsatisfiable)
            }
        }
        self.patterns = patterns
    }

    /// The patterns an event satisfies, as a mask.
    mutating func mask(of event: Event) -> UInt64 {
        if let mask = maskByEventName[event.name] { return mask }
        var mask: UInt64 = 0
        for (index, pattern) in patterns.enumerated() where pattern.familyPrefix.map(event.name.hasPrefix) ?? (pattern.eventName == event.name) {
            mask |= 1 << UInt64(index)
        }
        maskByEventName[event.name] = mask
        return mask
    }

    func isSatisfied(clause index: Int, by evidence: UInt64) -> Bool {
        clauseMasks[index] == 0 || clauseMasks[index] & evidence != 0
    }
}
