@_spi(Bytes) import LifelintBytes

/// What a logcat line is, worked out without the reader's state: its cleaned extent, whether it
/// is blank or structural, whether it parsed and its time, and the recognizer's interest in it.
/// Lines are prepared ahead on other cores (`LogcatParallelReading`) and read in order by the one
/// reader, which then skips the work; a reader on its own works each out as it reads the line.
/// Small and trivially copied, since the reader reads one for every line another core wrote:
/// a line of interest keeps its record and interest in its block's tables; the reader parses a
/// line of no interest again in the rare case it needs the whole record (a report held open).
struct LogcatPreparedLine {
    /// `interest` of a line that did not parse.
    static let unparsed: Int32 = -1
    /// `interest` of a line of no interest (`.nothing`), most lines.
    static let nothing: Int32 = -2

    /// The cleaned line within the raw one (`LogcatLineCleaner`); `cleanStart` is -1 when
    /// cleaning removed escape sequences, so the reader cleans it again.
    var cleanStart: Int32 = -1
    var cleanEnd: Int32 = 0
    var isBlank = false
    var isStructural = false
    /// A kernel line (a tagged layout's line without a tag), on the kernel's clock.
    var kernelClock = false
    var time: LogcatTime?
    /// `unparsed`, `nothing`, or the index of the line's record and interest in its block's tables.
    var interest = LogcatPreparedLine.unparsed
    /// A line of interest whose recognition makes nothing (`LogcatEventRecognizer.isQuiet`).
    var isQuiet = false
    /// How many lines, from this one, a reader may take at once (`markRuns(_:)`); 0 for a line
    /// that is not one of them.
    var run: Int32 = 0
    /// Where, from this line, the run's latest time is.
    var runLatest: Int32 = 0

    var isParsed: Bool { interest != Self.unparsed }

    /// A line whose reading, while nothing is held, is its time and its count alone.
    private var isPlain: Bool { interest == Self.nothing && cleanStart >= 0 && !kernelClock && time != nil }

    /// Marks the runs of a block's lines: lines of no interest in a row, their times of one
    /// kind, month and year, none a step back of daylight saving from the line before
    /// (`LogcatTextReader.noteLocalTime`). A reader takes a run as its first line, its latest
    /// time and its last: what reading each line would leave is the same.
    static func markRuns(_ lines: inout [LogcatPreparedLine]) {
        var index = lines.count - 1
        while index >= 0 {
            defer { index -= 1 }
            guard lines[index].isPlain else { continue }
            lines[index].run = 1
            lines[index].runLatest = 0
            guard index + 1 < lines.count, lines[index + 1].run > 0, let time = lines[index].time, let next = lines[index + 1].time,
                time.isAlike(next)
            else { continue }
            lines[index].run = lines[index + 1].run + 1
            let latest = index + 1 + Int(lines[index + 1].runLatest)
            if let latestTime = lines[latest].time, latestTime.isLater(than: time) { lines[index].runLatest = Int32(latest - index) }
        }
    }
}

extension LogcatTime {
    /// Whether a line timed `next` may follow one timed so in a run (`markRuns(_:)`).
    fileprivate func isAlike(_ next: LogcatTime) -> Bool {
        guard kind == next.kind, month == next.month, year == next.year, (utcOffsetSeconds == nil) == (next.utcOffsetSeconds == nil) else { return false }
        guard kind == .calendar, utcOffsetSeconds == nil, day == next.day else { return true }
        return !Self.isStepBackAnHour(from: secondOfDay, to: next.secondOfDay)
    }

    /// Whether this time is later than `other`, of the same kind, month and year.
    fileprivate func isLater(than other: LogcatTime) -> Bool {
        guard kind == .calendar else { return (seconds, nanosecond) > (other.seconds, other.nanosecond) }
        return (day, secondOfDay, nanosecond) > (other.day, other.secondOfDay, other.nanosecond)
    }
}

/// The records and interests of a block's lines of interest, by `LogcatPreparedLine.interest`.
struct LogcatInterestTable {
    var records: [LogcatRecord] = []
    var interests: [LogcatEventRecognizer.Interest] = []

    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        interests.removeAll(keepingCapacity: true)
    }
}

/// Prepares lines for a reader of one layout: the stateless half of `LogcatTextReader`'s
/// reading. Each core has its own, with its own recognizer for the interest (its tag table and
/// mappings keep caches).
struct LogcatLinePreparer {
    let format: LogcatLayout
    let hasLineNumbers: Bool
    private var recognizer: LogcatEventRecognizer

    init(format: LogcatLayout, hasLineNumbers: Bool, mappings: [LineMapping]) {
        self.format = format
        self.hasLineNumbers = hasLineNumbers
        recognizer = LogcatEventRecognizer(mappings: mappings)
    }

    /// The raw line, without its `\n` (a `\r` before it is dropped here); a line of interest
    /// adds its record and interest to `table`.
    mutating func prepare(_ raw: Span<UInt8>, into table: inout LogcatInterestTable) -> LogcatPreparedLine {
        let line = raw.droppingCarriageReturn()
        return LogcatLineCleaner.withCleanLine(line, stripQuotes: format != .raw, stripLineNumbers: hasLineNumbers) { clean, hadColor in
            var prepared = LogcatPreparedLine()
            if !hadColor { (prepared.cleanStart, prepared.cleanEnd) = Self.extent(of: clean, in: line) }
            if LogcatLineCleaner.isBlank(clean) {
                prepared.isBlank = true
            } else if LogcatLineCleaner.isStructural(clean) {
                prepared.isStructural = true
            } else if let record = LogcatTextReader.parse(clean, as: format) {
                prepared.time = record.time
                prepared.kernelClock = format.hasTag && record.tag.isEmpty
                let interest = recognizer.interest(in: record, bytes: clean, hasTag: format.hasTag)
                if case .nothing = interest {
                    prepared.interest = LogcatPreparedLine.nothing
                } else {
                    prepared.interest = Int32(table.records.count)
                    prepared.isQuiet = LogcatEventRecognizer.isQuiet(record, in: clean, interest)
                    table.records.append(record)
                    table.interests.append(interest)
                }
            }
            return prepared
        }
    }

    /// The cleaned line's extent in `line`, of which it is a part.
    private static func extent(of clean: Span<UInt8>, in line: Span<UInt8>) -> (Int32, Int32) {
        let start = clean.withUnsafeBufferPointer { cleanBytes in
            line.withUnsafeBufferPointer { lineBytes in
                guard let cleanStart = cleanBytes.baseAddress, let lineStart = lineBytes.baseAddress else { return 0 }
                return cleanStart - lineStart
            }
        }
        return (Int32(start), Int32(start + clean.count))
    }
}
