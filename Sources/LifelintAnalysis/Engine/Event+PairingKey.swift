import LifelintModel

extension Event {
    /// The values of `names`, joined: the key that pairs a start with its end.
    func key(_ names: [String]) -> String {
        names.count == 1 ? attributes[names[0]] ?? "" : names.map { attributes[$0] ?? "" }.joined(separator: "\u{1F}")
    }

    /// Whether this event carries every one of `names`.
    func has(_ names: [String]) -> Bool {
        names.allSatisfy { attributes[$0] != nil }
    }
}
