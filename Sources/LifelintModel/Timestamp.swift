/// An exact point in a trace's time, at nanosecond resolution.
///
/// Traces use two kinds of clock: wall-clock time (a calendar date and time, with or without a
/// known UTC offset) and monotonic time (seconds since boot). A `raw` logcat line has no time
/// at all; such events keep their file order and carry the `unknown` clock.
public struct Timestamp: Sendable, Hashable, Comparable {
    public enum Clock: String, Sendable, Hashable {
        case wall
        case monotonic
        case unknown
    }

    // The widest first: 16 bytes, not 24 (every event carries one, moved at every stage).
    /// Wall clock: nanoseconds since 1970-01-01T00:00:00 UTC when `utcOffsetSeconds` is known,
    /// else since that instant in the device's local (floating) time.
    /// Monotonic clock: nanoseconds since boot.
    public let nanoseconds: Int64
    /// The offset from UTC the trace stated, or nil when it stated none (logcat's default).
    public let utcOffsetSeconds: Int32?
    public let clock: Clock
    /// How many fraction digits the source wrote (3, 6 or 9), kept so output is exact.
    public let fractionDigits: UInt8

    public init(clock: Clock, nanoseconds: Int64, utcOffsetSeconds: Int32? = nil, fractionDigits: UInt8 = 9) {
        self.clock = clock
        self.nanoseconds = nanoseconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.fractionDigits = fractionDigits
    }

    public static let unknown = Timestamp(clock: .unknown, nanoseconds: 0, fractionDigits: 0)

    /// `value` units of `nanosecondsPerUnit` each, in nanoseconds rounded to a multiple of
    /// `resolution`; nil when that is not a finite time within about ±145 years of 1970 (a
    /// number in a trace can be anything; the bound leaves room for differences of two times).
    package static func nanoseconds(_ value: Double, unit nanosecondsPerUnit: Double, resolution: Int64 = 1) -> Int64? {
        let steps = (value * nanosecondsPerUnit / Double(resolution)).rounded()
        guard steps.isFinite, abs(steps * Double(resolution)) < 4.6e18 else { return nil }
        return Int64(steps) * resolution
    }

    public static func wall(
        _ date: CivilDateTime, utcOffsetSeconds: Int32? = nil, fractionDigits: UInt8 = 9
    ) -> Timestamp {
        let local = date.nanosecondsSinceEpoch
        let utc = local - Int64(utcOffsetSeconds ?? 0) * 1_000_000_000
        return Timestamp(clock: .wall, nanoseconds: utc, utcOffsetSeconds: utcOffsetSeconds, fractionDigits: fractionDigits)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The time as the trace's own locale saw it: UTC shifted by the stated offset, or the
    /// floating local time as written.
    public var localDateTime: CivilDateTime {
        CivilDateTime(nanosecondsSinceEpoch: localNanoseconds)
    }

    /// Nanoseconds since 1970 in the trace's local time (UTC shifted by the stated offset).
    package var localNanoseconds: Int64 {
        nanoseconds + Int64(utcOffsetSeconds ?? 0) * 1_000_000_000
    }

    /// ISO 8601: `2024-01-08T08:45:42.977` (floating local time), `...977+01:00` or `...977Z`
    /// for wall-clock time; a duration since boot, `PT12345.678901S`, for monotonic time;
    /// nil when the trace had no time.
    public var iso8601: String? {
        switch clock {
        case .unknown: return nil
        case .monotonic:
            return "PT" + Self.secondsWithFraction(nanoseconds, digits: fractionDigits) + "S"
        case .wall:
            let local = localDateTime
            var text = local.iso8601DateTime(fractionDigits: fractionDigits)
            if let offset = utcOffsetSeconds { text += Self.offsetText(offset) }
            return text
        }
    }

    /// The time as a person reads it: ISO 8601 for wall-clock time; seconds on the trace's own
    /// clock for monotonic time (`12345.678901 s on the trace's clock`); "an unknown time" when
    /// the trace had none.
    public var readable: String {
        switch clock {
        case .unknown: "an unknown time"
        case .monotonic: Self.secondsWithFraction(nanoseconds, digits: fractionDigits) + " s on the trace's clock"
        case .wall: iso8601 ?? "an unknown time"
        }
    }

    private static func secondsWithFraction(_ nanoseconds: Int64, digits: UInt8) -> String {
        let seconds = nanoseconds / 1_000_000_000
        let fraction = nanoseconds % 1_000_000_000
        guard digits > 0 else { return String(seconds) }
        return "\(seconds)." + CivilDateTime.fractionText(fraction, digits: digits)
    }

    package static func offsetText(_ offset: Int32) -> String {
        if offset == 0 { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(Int(offset)) / 60
        return sign + CivilDateTime.twoDigits(minutes / 60) + ":" + CivilDateTime.twoDigits(minutes % 60)
    }
}
