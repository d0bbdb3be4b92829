@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads an Apple log in text form (`AppleLogTextLayout`) line by line and emits its events in
/// file order. A record's continuation lines (Console.app's indented lines, a message the
/// person who pasted it hard-wrapped) are joined to it before it is read, so each record is
/// recognised once, whole, at its first line.
struct AppleLogTextReader: LineOrientedReader {
    /// A record's continuation lines beyond this many bytes are counted but not joined.
    static let maximumRecordBytes = 64 << 10

    private let path: String
    private let layout: AppleLogTextLayout
    /// When the file was saved (seconds since 1970): the capture ended by then.
    private let savedAt: Int64
    private var recognizer: AppleLogEventRecognizer
    var summary: IngestionSummary

    /// The record being read: its line's bytes (continuations appended), where it starts,
    /// and the parsed ranges into those bytes.
    private var pending: [UInt8] = []
    private var pendingRecord: AppleLogRecord?
    private var pendingLine = 0
    private var pendingContinuations = 0

    /// A live stream's records are read at their first line (`LiveTraceReader`): waiting for
    /// the next line to know that a record has ended could hold a save's start through a quiet
    /// stream, and a deadline would pass on it. Their continuation lines are counted, not joined,
    /// and their events go out under the executable's name rather than wait for a bundle id.
    var readsRecordsAtOnce = false {
        didSet { recognizer.holdsProvisionalNames = !readsRecordsAtOnce }
    }
    /// Whether the record read at once takes continuation lines (it is not bare).
    private var lastRecordTakesContinuations = false

    private var latest: Timestamp?
    /// For times without a date: the day they are on, and the last time of day, to step over midnight.
    private var daysElapsed = 0
    private var lastTimeOfDay: Int64 = 0
    /// The day the first time without a date was taken to be on.
    private var firstDay: CivilDateTime?
    private var year: YearInference
    /// Where the day comes from when times have no date.
    private let savedTimeSource: YearSource

    init(path: String, layout: AppleLogTextLayout, year: YearInference, savedAt: Int64, savedTimeSource: YearSource, mappings: [LineMapping]) {
        self.path = path
        self.layout = layout
        self.year = year
        self.savedAt = savedAt
        self.savedTimeSource = savedTimeSource
        recognizer = AppleLogEventRecognizer(mappings: mappings)
        summary = IngestionSummary(path: path, format: "apple log \(layout.rawValue)")
    }

    mutating func finish(emit: EventSink) {
        flush(emit: emit)
        recognizer.finish(emit: emit)
        summary.clockEnd = latest
        if let firstDay {
            // A day taken from the file's time holds its year too.
            summary.neededYear = true
            summary.yearSource = savedTimeSource
            summary.assumedDay = firstDay
        } else {
            year.note(in: &summary)
        }
    }

    mutating func read(line: Span<UInt8>, emit: EventSink) {
        if let testCase = XCTestCaseLine(line) {
            flush(emit: emit)
            emit(testCase.event(time: latest ?? .unknown, source: SourceLocation(path: path, line: summary.lines)))
            summary.events += 1
            summary.eventLines += 1
        } else if AppleLogLinePrefix.isToolEcho(line) || XCTestCaseLine.isOtherXCTestLine(line) {
            flush(emit: emit)
            summary.logLines += 1
        } else if let record = layout.parse(line) {
            flush(emit: emit)
            pending.removeAll(keepingCapacity: true)
            pending.append(line)
            pendingRecord = record
            pendingLine = summary.lines
            pendingContinuations = 0
            if readsRecordsAtOnce {
                lastRecordTakesContinuations = !record.isBare
                flush(emit: emit)
            }
        } else if AppleLogTextLayout.isStructural(line) {
            flush(emit: emit)
            summary.structuralLines += 1
        } else if let record = pendingRecord, !record.isBare {
            pendingContinuations += 1
            join(line)
        } else if readsRecordsAtOnce, lastRecordTakesContinuations {
            summary.continuationLines += 1
        } else if pendingRecord != nil {
            // After a bare line (Xcode's console without metadata), another bare line is the
            // app's own `print`, not a continuation.
            flush(emit: emit)
            summary.logLines += 1
        } else {
            summary.countUnrecognised(line: summary.lines)
        }
    }

    /// Appends a continuation line to the pending record's message, one space between.
    private mutating func join(_ line: Span<UInt8>) {
        guard pending.count + line.count < Self.maximumRecordBytes else { return }
        let prefix = AppleLogLinePrefix.length(line)
        let text = line.extracting(prefix...)
        let start = text.prefixCount { $0 == .space || $0 == .tab }
        while pending.last == .space { pending.removeLast() }
        pending.append(.space)
        pending.append(text.extracting(start...))
        if let start = pendingRecord?.message.lowerBound { pendingRecord?.message = start..<pending.count }
    }

    /// Reads the pending record and counts its lines.
    private mutating func flush(emit: EventSink) {
        guard let record = pendingRecord else { return }
        pendingRecord = nil
        let time = resolve(record.time)
        if time.clock != .unknown, latest.map({ time > $0 }) ?? true { latest = time }
        let source = SourceLocation(path: path, line: pendingLine)
        let held = pending
        let bytes = held.span
        let entry = AppleLogEventRecognizer.Entry(
            time: time, process: Self.slice(bytes, record.process), pid: record.pid,
            subsystem: Self.slice(bytes, record.subsystem ?? 0..<0), category: Self.slice(bytes, record.category ?? 0..<0),
            message: Self.slice(bytes, record.message), source: source)
        let events = recognizer.recognise(entry, emit: emit)
        if events > 0 {
            summary.events += events
            summary.eventLines += 1
        } else {
            summary.logLines += 1
        }
        summary.continuationLines += pendingContinuations
    }

    @_lifetime(copy bytes)
    private static func slice(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Span<UInt8> {
        bytes.extracting(range.clamped(to: 0..<bytes.count))
    }

    /// The day a Console copy starts on: the day the file was saved, in the lines' own UTC
    /// offset; the day before when its first time of day is later than the time it was saved
    /// (a capture ends before it is saved).
    private func startDay(_ first: AppleLogTime.TimeOfDay) -> CivilDateTime {
        let saved = CivilDateTime(nanosecondsSinceEpoch: (savedAt + Int64(first.utcOffsetSeconds ?? 0)) * 1_000_000_000)
        let savedTimeOfDay = Int64(saved.hour * 3600 + saved.minute * 60 + saved.second) * 1_000_000_000
        let day = CivilDateTime(year: saved.year, month: saved.month, day: saved.day)
        guard first.nanosecondsOfDay > savedTimeOfDay else { return day }
        return CivilDateTime(nanosecondsSinceEpoch: day.nanosecondsSinceEpoch - 86_400_000_000_000)
    }

    /// A complete time as it is; a syslog time in the trace's year (a December → January step
    /// is a new year); a time of day on the trace's day (a step back of more than 12 hours is
    /// the next day).
    private mutating func resolve(_ time: AppleLogTime) -> Timestamp {
        switch time {
        case let .complete(timestamp):
            return timestamp
        case let .withoutYear(month, day, timeOfDay):
            return timeOfDay.timestamp(year: year.year(inMonth: month), month: month, day: day)
        case let .withoutDate(timeOfDay):
            let day = firstDay ?? startDay(timeOfDay)
            firstDay = day
            let now = timeOfDay.nanosecondsOfDay
            if now + 12 * 3_600_000_000_000 < lastTimeOfDay { daysElapsed += 1 }
            lastTimeOfDay = now
            let shifted = CivilDateTime(nanosecondsSinceEpoch: day.nanosecondsSinceEpoch + Int64(daysElapsed) * 86_400_000_000_000)
            return timeOfDay.timestamp(year: shifted.year, month: shifted.month, day: shifted.day)
        }
    }
}
