/// The latest time of a logcat trace, kept as one integer that orders times, so the work per
/// line is a few multiplications and a comparison, not a timestamp; the timestamp is made
/// once, at the end.
struct LogcatClock {
    private var latest: UInt64 = 0
    /// The fields the key leaves out: the layout's, the same on every line of a trace.
    private var kind = LogcatTime.Kind.calendar
    private var explicitYear = false
    private var fractionDigits: UInt8 = 0
    private var utcOffsetSeconds: Int32?
    private var seen = false

    private static let nanosecondsPerSecond: UInt64 = 1_000_000_000
    /// Calendar years are counted from here (logcat's `year` modifier, or the years the
    /// December → January wraps added to an inferred year).
    private static let epochYear = 1900

    @inline(__always)
    mutating func note(_ time: borrowing LogcatTime, yearsWrapped: Int) {
        let key = Self.key(time, yearsWrapped: yearsWrapped)
        if key > latest {
            latest = key
        } else if seen {
            return
        }
        guard !seen else { return }
        (kind, explicitYear, fractionDigits, utcOffsetSeconds, seen) = (time.kind, time.year != nil, time.fractionDigits, time.utcOffsetSeconds, true)
    }

    /// The latest time as a timestamp; `inferredYear` completes calendar times without a year.
    func timestamp(inferredYear: Int) -> Timestamp? {
        guard seen else { return nil }
        var time = LogcatTime(kind: kind)
        time.fractionDigits = fractionDigits
        time.utcOffsetSeconds = utcOffsetSeconds
        time.nanosecond = Int32(latest % Self.nanosecondsPerSecond)
        var rest = latest / Self.nanosecondsPerSecond
        guard kind == .calendar else {
            time.seconds = Int64(rest)
            return time.timestamp(inferredYear: inferredYear)
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
        let years = Int(rest / 13)
        time.year = explicitYear ? Self.epochYear + years : inferredYear + years
        return time.timestamp(inferredYear: inferredYear)
    }

    @inline(__always)
    private static func key(_ time: borrowing LogcatTime, yearsWrapped: Int) -> UInt64 {
        guard time.kind == .calendar else { return UInt64(clamping: time.seconds) &* nanosecondsPerSecond &+ UInt64(clamping: time.nanosecond) }
        var value = UInt64(clamping: time.year.map { $0 - epochYear + yearsWrapped } ?? yearsWrapped)
        value = value &* 13 &+ UInt64(time.month)
        value = value &* 32 &+ UInt64(time.day)
        value = value &* 24 &+ UInt64(time.hour)
        value = value &* 60 &+ UInt64(time.minute)
        value = value &* 61 &+ UInt64(time.second)
        return value &* nanosecondsPerSecond &+ UInt64(clamping: time.nanosecond)
    }
}
