import LifelintModel

extension Event {
    /// The values of `names`, joined: the key that pairs a start with its end.
    func key(_ names: [String]) -> String {
        names.count == 1 ? attributes[names[0]] ?? "" : names.map { attributes[$0] ?? "" }.joined(separator: "\u{1F}")
    }

    /// Whether this event pairs with `other` on `names`: each has the same value of each name,
    /// a missing one counting as empty, as in `key(_:)`, but without making the keys (and
    /// without the collision a joined key allows when a value holds the separator).
    func pairs(with other: Event, on names: [String]) -> Bool {
        for index in names.indices where (attributes[names[index]] ?? "") != (other.attributes[names[index]] ?? "") { return false }
        return true
    }

    /// Whether this event carries every one of `names`.
    func has(_ names: [String]) -> Bool {
        names.allSatisfy { attributes[$0] != nil }
    }
}
