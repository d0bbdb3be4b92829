/// A fixed set of event names that answers `contains` with one bit test: consumers ask it of
/// every event ("is this one I track?"), where a `Set<EventName>` hashed each name.
public struct EventNameSet: Sendable, ExpressibleByArrayLiteral {
    /// Bit `code` of the names numbered by `EventNameCodes`.
    private let bits: [UInt64]
    /// Names past the numbering's capacity, compared by text.
    private let unnumbered: Set<String>

    public init(_ names: some Sequence<EventName>) {
        var bits: [UInt64] = []
        var unnumbered: Set<String> = []
        for name in names {
            guard name.code >= 0 else {
                unnumbered.insert(name.rawValue)
                continue
            }
            let word = Int(name.code) / 64
            if word >= bits.count { bits.append(contentsOf: repeatElement(0, count: word + 1 - bits.count)) }
            bits[word] |= 1 << UInt64(name.code % 64)
        }
        self.bits = bits
        self.unnumbered = unnumbered
    }

    public init(arrayLiteral names: EventName...) { self.init(names) }

    public func contains(_ name: EventName) -> Bool {
        let code = name.code
        guard code >= 0 else { return unnumbered.contains(name.rawValue) }
        let word = Int(code) / 64
        return word < bits.count && bits[word] & (1 << UInt64(code % 64)) != 0
    }
}
