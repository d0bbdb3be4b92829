import LifelintModel

/// The `requires` of every clause, resolved once: each distinct pattern gets a bit, each
/// clause the mask of the patterns any one of which satisfies it, and each interned event name
/// the mask of the patterns it matches. An app's evidence is then one integer that an event
/// ORs into, and a clause is evaluable when its mask meets it. A rule without clauses (a
/// verdict rule) has a mask of its own after the clauses'.
struct EvidenceRequirements {
    /// At most this many distinct patterns across the loaded rules (one bit each; the catalogue
    /// refuses more). A pattern past it gets the last bit, which no event sets: its clause is
    /// never evaluated rather than evaluated without its evidence.
    static let capacity = 63
    private static let unsatisfiable: UInt64 = 1 << 63

    /// Requirements name events or families, never conditions (the catalogue refuses them).
    private let patterns: [CompiledPattern]
    /// Per clause, in clause order, then per rule without clauses; 0 for one that needs nothing.
    let clauseMasks: [UInt64]

    /// `requirements`: what each clause needs, in clause order, then what each rule without
    /// clauses needs.
    init(_ requirements: [[EventPattern]], names: inout EventNameTable) {
        var patterns: [EventPattern] = []
        clauseMasks = requirements.map { requirement in
            requirement.reduce(UInt64(0)) { mask, pattern in
                var index = patterns.firstIndex(of: pattern)
                if index == nil, patterns.count < Self.capacity {
                    patterns.append(pattern)
                    index = patterns.count - 1
                }
                return mask | (index.map { 1 << UInt64($0) } ?? Self.unsatisfiable)
            }
        }
        self.patterns = patterns.map { CompiledPattern($0, thresholds: Thresholds(), names: &names) }
    }

    /// The patterns an interned name satisfies, as a mask.
    func mask(of name: Int, in families: EventNameTable.FamilyMembership) -> UInt64 {
        var mask: UInt64 = 0
        for (index, pattern) in patterns.enumerated() where pattern.covers(name, in: families) {
            mask |= 1 << UInt64(index)
        }
        return mask
    }

    func isSatisfied(clause index: Int, by evidence: UInt64) -> Bool {
        clauseMasks[index] == 0 || clauseMasks[index] & evidence != 0
    }
}
