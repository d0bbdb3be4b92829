/// A proleptic Gregorian calendar date and time of day, at nanosecond resolution, with the
/// exact integer conversions to and from a count since 1970 (Howard Hinnant's algorithms).
public struct CivilDateTime: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    public init(nanosecondsSinceEpoch: Int64) {
        let nanosPerDay: Int64 = 86_400_000_000_000
        var days = nanosecondsSinceEpoch / nanosPerDay
        var rest = nanosecondsSinceEpoch % nanosPerDay
        if rest < 0 {
            rest += nanosPerDay
            days -= 1
        }
        let (year, month, day) = Self.civil(fromDays: days)
        let secondsOfDay = Int(rest / 1_000_000_000)
        self.init(
            year: year, month: month, day: day,
            hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60, second: secondsOfDay % 60,
            nanosecond: Int(rest % 1_000_000_000))
    }

    /// The years whose times lifelint represents (nanoseconds in 64 bits, with room for
    /// differences): a date outside them in a trace is an error, not an overflow.
    public static let supportedYears = 1825...2114

    /// The days of a month (February's in a leap year when `year` is nil: a date without a
    /// year may be one).
    public static func days(inMonth month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether the month exists and has the day.
    public static func isValid(month: Int, day: Int, year: Int?) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= days(inMonth: month, year: year)
    }

    /// Clamped to `supportedYears`, so arithmetic on any two times cannot overflow.
    public var nanosecondsSinceEpoch: Int64 {
        let clampedYear = min(max(year, Self.supportedYears.lowerBound), Self.supportedYears.upperBound)
        let days = Self.days(fromCivil: clampedYear, month, day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1_000_000_000 + Int64(nanosecond)
    }

    /// `2024-01-08`.
    package var iso8601Date: String {
        Self.fourDigits(year) + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day)
    }

    public func iso8601DateTime(fractionDigits: UInt8) -> String {
        var text = iso8601Date
        text += "T" + Self.twoDigits(hour) + ":" + Self.twoDigits(minute) + ":" + Self.twoDigits(second)
        if fractionDigits > 0 { text += "." + Self.fractionText(Int64(nanosecond), digits: fractionDigits) }
        return text
    }

    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays daysSinceEpoch: Int64) -> (Int, Int, Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    static func fourDigits(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// The first `digits` digits of a nanosecond fraction, zero-padded.
    static func fractionText(_ nanoseconds: Int64, digits: UInt8) -> String {
        var value = nanoseconds
        for _ in 0..<(9 - Int(min(digits, 9))) { value /= 10 }
        let text = String(value)
        return String(repeating: "0", count: max(0, Int(digits) - text.count)) + text
    }
}
