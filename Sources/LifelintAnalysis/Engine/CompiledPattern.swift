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
        conditions = pattern.conditions.keys.sorted { lhs, rhs in
            (Self.testOrder(of: pattern.conditions[lhs]!), lhs) < (Self.testOrder(of: pattern.conditions[rhs]!), rhs)
        }.map { ($0, pattern.conditions[$0]!.resolved(with: thresholds)) }
    }

    /// Conditions are tested in this order, the ones most events fail first: a value that must
    /// be one of a few fails on most events, a value that must not be one of a few on almost
    /// none. All must hold, so the order changes only how soon a miss is known.
    private static func testOrder(of condition: AttributeCondition) -> Int {
        switch condition {
        case .oneOf: 0
        case .exists: 1
        case .compare: 2
        case .noneOf: 3
        case .malformed: 4
        }
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
        // By index, and the value tested where the event holds it: `allSatisfy` copied each
        // condition it looked at, and a lookup that returned the value copied the value.
        for index in conditions.indices {
            let holds =
                if let position = attributes.position(ofKey: conditions[index].key) {
                    conditions[index].condition.holds(forPresent: attributes[valueAt: position])
                } else {
                    conditions[index].condition.holdsWhenAbsent
                }
            guard holds else { return false }
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
