import LifelintModel

/// What a baseline did in a run: how many findings it hid, and which of its entries matched
/// nothing (fixed, or the trace no longer shows them), so the file can be pruned.
public struct BaselineOutcome: Sendable, Hashable {
    public var path: String
    public var suppressed: Int
    public var stale: [Baseline.Entry]

    public var staleCount: Int { stale.reduce(0) { $0 + $1.count } }
}
