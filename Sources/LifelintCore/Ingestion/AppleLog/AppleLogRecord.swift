/// One entry of an Apple log in text form (`log show`, `log stream`, Console.app, Xcode), as
/// ranges into its line's bytes: nothing is copied until a recognizer cares.
struct AppleLogRecord {
    var time: AppleLogTime
    /// The process's executable name (`runningboardd`, `SpringBoard`, `Notes`).
    var process: Range<Int>
    var pid: Int32?
    /// The library or framework that logged it (`RunningBoardServices`), when shown.
    var sender: Range<Int>?
    var subsystem: Range<Int>?
    var category: Range<Int>?
    var message: Range<Int>

    /// The same record in a line with `offset` more bytes in front.
    mutating func shift(by offset: Int) {
        func moved(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + offset)..<(range.upperBound + offset) }
        process = moved(process)
        sender = sender.map(moved)
        subsystem = subsystem.map(moved)
        category = category.map(moved)
        message = moved(message)
    }
}

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
