import LifelintModel

/// A log line's time, as much of it as the layout writes: `log show` and Xcode write the date
/// and the UTC offset, the syslog style no year, Console.app copies only the time of day.
enum AppleLogTime {
    case complete(Timestamp)
    case withoutYear(month: Int, day: Int, TimeOfDay)
    case withoutDate(TimeOfDay)

    struct TimeOfDay {
        var hour: Int
        var minute: Int
        var second: Int
        var nanosecond: Int
        var fractionDigits: UInt8
        var utcOffsetSeconds: Int32?

        var nanosecondsOfDay: Int64 {
            Int64(hour * 3600 + minute * 60 + second) * 1_000_000_000 + Int64(nanosecond)
        }

        func timestamp(year: Int, month: Int, day: Int) -> Timestamp {
            let date = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
            return .wall(date, utcOffsetSeconds: utcOffsetSeconds, fractionDigits: fractionDigits)
        }
    }
}
