import LifelintModel

/// The latest time of a logcat trace, kept as one integer that orders times, so the work per
/// line is a few multiplications and a comparison, not a timestamp; the timestamp is made
/// once, at the end. The clock is of the first timed line's kind (calendar, epoch or seconds
/// since boot): lines of another kind, which a file mixing layouts may hold, do not move it.
struct LogcatClock {
    /// The year a time without one gets (`--year` or the file's), before December → January
    /// wraps.
    let baseYear: Int
    private var latest: UInt64 = 0
    /// The fields the key leaves out, from the first timed line.
    private var kind: LogcatTime.Kind?
    private var fractionDigits: UInt8 = 0
    private var utcOffsetSeconds: Int32?

    private static let nanosecondsPerSecond: UInt64 = 1_000_000_000
    /// Years are counted from the first supported one, so every key fits in 64 bits.
    private static let firstYear = CivilDateTime.supportedYears.lowerBound

    init(baseYear: Int) {
        self.baseYear = baseYear
    }

    @inline(__always)
    mutating func note(_ time: borrowing LogcatTime, inferredYear: Int) {
        if kind == nil { (kind, fractionDigits, utcOffsetSeconds) = (time.kind, time.fractionDigits, time.utcOffsetSeconds) }
        guard time.kind == kind else { return }
        latest = max(latest, key(time, inferredYear: inferredYear))
    }

    /// The latest time as a timestamp.
    var timestamp: Timestamp? {
        guard let kind else { return nil }
        var time = LogcatTime(kind: kind)
        time.fractionDigits = fractionDigits
        time.utcOffsetSeconds = utcOffsetSeconds
        time.nanosecond = Int32(latest % Self.nanosecondsPerSecond)
        var rest = latest / Self.nanosecondsPerSecond
        guard kind == .calendar else {
            time.seconds = Int64(rest)
            return time.timestamp(inferredYear: baseYear)
        }
        time.second = UInt8(rest % 61)
        rest /= 61
        time.minute = UInt8(rest % 60)
        rest /= 60
        time.hour = UInt8(rest % 24)
        rest /= 24
        time.day = UInt8(rest % 32)
        rest /= 32
        time.month = UInt8(rest % 13)
        time.year = Self.firstYear + Int(rest / 13)
        return time.timestamp(inferredYear: baseYear)
    }

    @inline(__always)
    private func key(_ time: borrowing LogcatTime, inferredYear: Int) -> UInt64 {
        guard time.kind == .calendar else { return UInt64(clamping: time.seconds) &* Self.nanosecondsPerSecond &+ UInt64(clamping: time.nanosecond) }
        let year = min(max(time.year ?? inferredYear, CivilDateTime.supportedYears.lowerBound), CivilDateTime.supportedYears.upperBound)
        var value = UInt64(year - Self.firstYear)
        value = value * 13 + UInt64(time.month)
        value = value * 32 + UInt64(time.day)
        value = value * 24 + UInt64(time.hour)
        value = value * 60 + UInt64(time.minute)
        value = value * 61 + UInt64(time.second)
        return value &* Self.nanosecondsPerSecond &+ UInt64(clamping: time.nanosecond)
    }
}
