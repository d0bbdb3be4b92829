import LifelintModel

/// Durations as people read them in a post-mortem: `35 ms`, `4.2 s`, `25 min 35 s`, `3 h 2 min`.
package enum DurationText {
    package static func describe(nanoseconds: Int64) -> String {
        let milliseconds = max(0, nanoseconds) / 1_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds < 10_000 { return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s" }
        let seconds = milliseconds / 1000
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s" }
        let minutes = seconds / 60
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// The time of day of a wall-clock timestamp, `09:15:42.305`; seconds on the trace's own
    /// clock for monotonic time, `1704705342.305 s`.
    package static func clock(_ time: Timestamp) -> String {
        switch time.clock {
        case .unknown: return "an unknown time"
        case .monotonic:
            let milliseconds = time.nanoseconds / 1_000_000
            let fraction = String(milliseconds % 1000)
            return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count) + fraction) s"
        case .wall:
            guard let text = time.iso8601, let t = text.firstIndex(of: "T") else { return time.iso8601 ?? "an unknown time" }
            return String(text[text.index(after: t)...].prefix(12))
        }
    }
}
