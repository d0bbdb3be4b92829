import LifelintModel

/// Count, median, 95th percentile and maximum of a set of durations, in milliseconds.
/// Percentiles are nearest-rank (the smallest value with at least p% of values at or below
/// it), so every figure is a duration that occurred.
public struct DurationStatistics: Sendable, Hashable {
    public var count: Int
    public var p50: Int64?
    public var p95: Int64?
    public var maximum: Int64?
    /// Every duration, ascending: a fleet's percentiles are computed from these, not from
    /// each trace's percentiles.
    public var samples: [Int64]

    public init(milliseconds values: [Int64]) {
        let sorted = values.sorted()
        samples = sorted
        count = sorted.count
        p50 = Self.nearestRank(0.50, sorted)
        p95 = Self.nearestRank(0.95, sorted)
        maximum = sorted.last
    }

    private static func nearestRank(_ fraction: Double, _ sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }
}
