import LifelintAnalysis
import LifelintModel

/// The timeline's horizontal scale: time to x, with idle stretches compressed. A post-mortem
/// trace is minutes of activity around half an hour of silence in the background; drawn
/// linearly, the minutes that matter get a few pixels. A gap between consecutive events longer
/// than a tenth of the trace (and than `minimumBreak`) is drawn `breakWidth` wide with a visible
/// break that says how long it was; the active stretches share the rest in proportion. Ticks
/// fall on round times (every 10 s, 1 min, 15 min…) inside each stretch.
struct TimelineAxis {
    static let breakWidth = 34.0
    static let minimumBreak: Int64 = 5_000_000_000

    /// A stretch of time drawn linearly.
    struct Stretch {
        var start: Int64
        var end: Int64
        var left: Double
        var right: Double
    }

    /// A compressed gap between two stretches.
    struct Break {
        var left: Double
        var right: Double
        var nanoseconds: Int64
    }

    private(set) var stretches: [Stretch] = []
    private(set) var breaks: [Break] = []

    /// `times` are every span boundary and mark of the drawn lanes, in nanoseconds.
    init(times: [Int64], left: Double, width: Double) {
        let sorted = Array(Set(times)).sorted()
        guard let first = sorted.first, let last = sorted.last else { return }
        let total = max(last - first, 1)
        let threshold = max(total / 10, Self.minimumBreak)
        let gaps = zip(sorted, sorted.dropFirst()).filter { $1 - $0 > threshold }
        let compressed = gaps.reduce(Int64(0)) { $0 + ($1.1 - $1.0) }
        let activeWidth = width - Double(gaps.count) * Self.breakWidth
        let pixelsPerNanosecond = activeWidth / Double(max(total - compressed, 1))
        var x = left
        var start = first
        for (before, after) in gaps {
            let right = x + Double(before - start) * pixelsPerNanosecond
            stretches.append(Stretch(start: start, end: before, left: x, right: right))
            breaks.append(Break(left: right, right: right + Self.breakWidth, nanoseconds: after - before))
            x = right + Self.breakWidth
            start = after
        }
        stretches.append(Stretch(start: start, end: last, left: x, right: left + width))
    }

    var start: Int64? { stretches.first?.start }

    /// Where `nanoseconds` falls: inside a stretch, in proportion; inside a break, in proportion
    /// across it; before the first or after the last, at the edge.
    func x(_ nanoseconds: Int64) -> Double {
        guard let first = stretches.first, let last = stretches.last else { return 0 }
        if nanoseconds <= first.start { return first.left }
        if nanoseconds >= last.end { return last.right }
        for (index, stretch) in stretches.enumerated() {
            if nanoseconds <= stretch.end { return Self.interpolate(nanoseconds, stretch.start, stretch.end, stretch.left, stretch.right) }
            let next = stretches[index + 1]
            if nanoseconds < next.start { return Self.interpolate(nanoseconds, stretch.end, next.start, stretch.right, next.left) }
        }
        return last.right
    }

    private static func interpolate(_ value: Int64, _ from: Int64, _ to: Int64, _ left: Double, _ right: Double) -> Double {
        guard to > from else { return left }
        return left + Double(value - from) / Double(to - from) * (right - left)
    }

    /// Round times inside each stretch, about one per `spacing` pixels, in the trace's local
    /// time (`utcOffsetSeconds`).
    func ticks(spacing: Double = 150, utcOffsetSeconds: Int32) -> [Int64] {
        var ticks: [Int64] = []
        let offset = Int64(utcOffsetSeconds) * 1_000_000_000
        for stretch in stretches where stretch.right - stretch.left >= spacing / 2 {
            let wanted = max(Int64(Double(stretch.end - stretch.start) / ((stretch.right - stretch.left) / spacing)), 1)
            let step = Self.steps.first { $0 >= wanted } ?? Self.steps.last!
            var tick = ((stretch.start + offset) / step + 1) * step - offset
            if (stretch.start + offset) % step == 0 { tick = stretch.start }
            while tick <= stretch.end {
                ticks.append(tick)
                tick += step
            }
        }
        return ticks
    }

    /// Tick intervals people read easily, in nanoseconds: 1 ms … 1 day.
    static let steps: [Int64] =
        [1, 2, 5, 10, 20, 50, 100, 200, 500].map { $0 * 1_000_000 }
        + [1, 2, 5, 10, 15, 30].map { $0 * 1_000_000_000 }
        + [1, 2, 5, 10, 15, 30].map { $0 * 60_000_000_000 }
        + [1, 2, 3, 6, 12, 24].map { $0 * 3_600_000_000_000 }
}
