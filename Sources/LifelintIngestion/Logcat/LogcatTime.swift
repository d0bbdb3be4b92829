@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A logcat timestamp as written, before the year is inferred or the zone applied.
struct LogcatTime {
    enum Kind {
        /// `MM-DD HH:MM:SS.fff` or `YYYY-MM-DD HH:MM:SS.fff`.
        case calendar
        /// Seconds since 1970 (`-v epoch`).
        case epoch
        /// Seconds since boot (`-v monotonic`).
        case monotonic
    }

    var kind: Kind
    /// Nil when the line had no year (logcat's default).
    var year: Int?
    var month: UInt8 = 0
    var day: UInt8 = 0
    var hour: UInt8 = 0
    var minute: UInt8 = 0
    var second: UInt8 = 0
    var fractionDigits: UInt8 = 0
    var nanosecond: Int32 = 0
    var seconds: Int64 = 0
    var utcOffsetSeconds: Int32?

    var secondOfDay: Int { Int(hour) * 3_600 + Int(minute) * 60 + Int(second) }

    /// Whether a local clock going from `previous` to `second` (seconds of one day) is daylight
    /// saving's step back: 50 to 60 minutes. Merged buffers step back seconds.
    static func isStepBackAnHour(from previous: Int, to second: Int) -> Bool {
        (3_000...3_600).contains(previous - second)
    }

    var modifiers: LogcatModifiers {
        var modifiers: LogcatModifiers = []
        if year != nil { modifiers.insert(.year) }
        if fractionDigits == 6 { modifiers.insert(.usec) }
        if fractionDigits == 9 { modifiers.insert(.nsec) }
        if utcOffsetSeconds != nil { modifiers.insert(.zone) }
        if kind == .epoch { modifiers.insert(.epoch) }
        if kind == .monotonic { modifiers.insert(.monotonic) }
        return modifiers
    }

    func timestamp(inferredYear: Int) -> Timestamp {
        switch kind {
        case .epoch:
            return Timestamp(
                clock: .wall, nanoseconds: seconds * 1_000_000_000 + Int64(nanosecond),
                utcOffsetSeconds: utcOffsetSeconds ?? 0, fractionDigits: fractionDigits)
        case .monotonic:
            return Timestamp(clock: .monotonic, nanoseconds: seconds * 1_000_000_000 + Int64(nanosecond), fractionDigits: fractionDigits)
        case .calendar:
            let date = CivilDateTime(
                year: year ?? inferredYear, month: Int(month), day: Int(day),
                hour: Int(hour), minute: Int(minute), second: Int(second), nanosecond: Int(nanosecond))
            return .wall(date, utcOffsetSeconds: utcOffsetSeconds, fractionDigits: fractionDigits)
        }
    }

    /// Epoch seconds below this are read as seconds since boot: no device has been up for
    /// three years, and no trace predates 1973.
    static let epochThreshold: Int64 = 100_000_000

    /// Parses a timestamp at the cursor (leading blanks allowed), including a trailing
    /// ` +hhmm` zone, and leaves the cursor after it.
    static func parse(_ cursor: inout ByteCursor) -> LogcatTime? {
        var probe = cursor
        probe.skipBlanks()
        var time: LogcatTime
        if let fixed = parseMonthDayTime(&probe) {
            time = fixed
        } else {
            guard let general = parseNumbers(&probe) else { return nil }
            time = general
        }
        guard probe.skip(.dot), let (fraction, fractionDigits) = probe.readUnsigned(), fractionDigits <= 9 else { return nil }
        time.fractionDigits = UInt8(fractionDigits)
        time.nanosecond = Int32(fraction) * powersOfTen[9 - fractionDigits]
        time.utcOffsetSeconds = parseZone(&probe)
        cursor = probe
        return time
    }

    /// `MM-DD HH:MM:SS` (logcat's default, nearly every line) read at fixed offsets, leaving the
    /// cursor at the `.` after it; nil, and the cursor unmoved, for anything else, which
    /// `parseNumbers` then reads. Where both succeed they agree.
    private static func parseMonthDayTime(_ cursor: inout ByteCursor) -> LogcatTime? {
        let bytes = cursor.bytes
        let start = cursor.index
        guard start + 15 <= bytes.count, bytes[start + 2] == .dash, bytes[start + 5] == .space, bytes[start + 8] == .colon,
            bytes[start + 11] == .colon, bytes[start + 14] == .dot
        else { return nil }
        guard let month = twoDigits(bytes, at: start), let day = twoDigits(bytes, at: start + 3), let hour = twoDigits(bytes, at: start + 6),
            let minute = twoDigits(bytes, at: start + 9), let second = twoDigits(bytes, at: start + 12),
            month &- 1 < 12, day &- 1 < 31, hour < 24, minute < 60, second < 61,
            Int(day) <= CivilDateTime.days(inMonth: Int(month), year: nil)
        else { return nil }
        cursor.index = start + 14
        return LogcatTime(kind: .calendar, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    @inline(__always)
    private static func twoDigits(_ bytes: Span<UInt8>, at position: Int) -> UInt8? {
        let tens = bytes[position] &- .zero
        let ones = bytes[position + 1] &- .zero
        return tens < 10 && ones < 10 ? tens &* 10 &+ ones : nil
    }

    /// The general reader: a calendar time with or without a year, or seconds (`-v epoch`,
    /// `-v monotonic`), up to the `.` before the fraction.
    private static func parseNumbers(_ probe: inout ByteCursor) -> LogcatTime? {
        guard let (first, digits) = probe.readUnsigned() else { return nil }
        var time: LogcatTime
        if probe.skip(.dash) {
            guard let parsed = parseCalendar(&probe, first: first, digits: digits) else { return nil }
            time = parsed
        } else if probe.peek() == .dot {
            // Seconds beyond about 145 years are not a time (and would overflow nanoseconds).
            guard first < 4_600_000_000 else { return nil }
            time = LogcatTime(kind: first >= epochThreshold ? .epoch : .monotonic)
            time.seconds = first
        } else {
            return nil
        }
        return time
    }

    private static func parseCalendar(_ cursor: inout ByteCursor, first: Int64, digits: Int) -> LogcatTime? {
        var time = LogcatTime(kind: .calendar)
        if digits == 4 {
            time.year = Int(first)
            guard let month = cursor.readDigits(2), cursor.skip(.dash) else { return nil }
            time.month = UInt8(truncatingIfNeeded: month)
        } else if digits == 2 {
            time.month = UInt8(truncatingIfNeeded: first)
        } else {
            return nil
        }
        guard let day = cursor.readDigits(2), cursor.skip(.space),
            let hour = cursor.readDigits(2), cursor.skip(.colon),
            let minute = cursor.readDigits(2), cursor.skip(.colon),
            let second = cursor.readDigits(2)
        else { return nil }
        time.day = UInt8(truncatingIfNeeded: day)
        time.hour = UInt8(truncatingIfNeeded: hour)
        time.minute = UInt8(truncatingIfNeeded: minute)
        time.second = UInt8(truncatingIfNeeded: second)
        guard CivilDateTime.isValid(month: Int(time.month), day: day, year: time.year), hour < 24, minute < 60, second < 61 else { return nil }
        return time
    }

    /// ` +0100` / ` -0800` after the time (`-v zone`).
    private static func parseZone(_ cursor: inout ByteCursor) -> Int32? {
        guard cursor.peek() == .space, let sign = cursor.peek(1), sign == .plus || sign == .dash else { return nil }
        var probe = cursor
        probe.index += 2
        guard let hours = probe.readDigits(2), let minutes = probe.readDigits(2), hours <= 14, minutes < 60 else { return nil }
        guard probe.isAtEnd || probe.peek() == .space else { return nil }
        cursor = probe
        let offset = Int32(hours * 3600 + minutes * 60)
        return sign == .dash ? -offset : offset
    }

    private static let powersOfTen: [Int32] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
}
