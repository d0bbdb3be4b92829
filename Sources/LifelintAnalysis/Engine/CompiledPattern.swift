import LifelintModel

/// An `EventPattern` compiled for one analysis: its name or family interned, its conditions'
/// operands resolved for the run's thresholds. Matching compares integers first and reads an
/// attribute only when the name already matched.
struct CompiledPattern {
    enum Target {
        case name(Int)
        case family(Int)
    }

    let target: Target
    let conditions: [(key: String, condition: AttributeCondition)]

    init(_ pattern: EventPattern, thresholds: Thresholds, names: inout EventNameTable) {
        if let prefix = pattern.familyPrefix {
            target = .family(names.internFamily(prefix))
        } else {
            target = .name(names.intern(pattern.eventName))
        }
        conditions = pattern.conditions.keys.sorted().map { ($0, pattern.conditions[$0]!.resolved(with: thresholds)) }
    }

    /// Whether the pattern's name or family covers the interned name.
    func covers(_ name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        switch target {
        case let .name(id): id == name
        case let .family(family): families.contains(name, in: family)
        }
    }

    func matches(_ event: Event, name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        matches(event.attributes, name: name, in: families)
    }

    /// The same, for an event of which the attributes are kept.
    func matches(_ attributes: Attributes, name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        guard covers(name, in: families) else { return false }
        // By index, and the value looked up before the condition is read: `allSatisfy` copied
        // each condition it looked at, and so did a lookup made while the condition was read.
        for index in conditions.indices {
            let value = attributes[conditions[index].key]
            guard conditions[index].condition.holds(for: value) else { return false }
        }
        return true
    }
}

extension [CompiledPattern] {
    /// Whether any of the patterns' names or families covers the interned name.
    func covers(_ name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        contains { $0.covers(name, in: families) }
    }

    init(_ patterns: [EventPattern], thresholds: Thresholds, names: inout EventNameTable) {
        self = patterns.map { CompiledPattern($0, thresholds: thresholds, names: &names) }
    }
}
