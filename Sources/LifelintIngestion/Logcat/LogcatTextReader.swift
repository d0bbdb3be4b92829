@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads one logcat text trace, line by line from a byte stream, and emits its events in file
/// order. Every line lands in exactly one `IngestionSummary` category.
struct LogcatTextReader: LineOrientedReader {
    private let path: String
    private var format: LogcatLayout = .raw
    /// `grep -n` output: every line starts with its line number in the grepped file.
    private var hasLineNumbers = false
    private var recognizer: LogcatEventRecognizer
    private let mappings: [LineMapping]
    var summary: IngestionSummary
    /// The records and interests of the block of prepared lines being read (`LogcatParallelReading`).
    private var preparedTable = LogcatInterestTable()
    /// Read on several cores: the file's size and the lines cut for their length.
    private var readInParallel: (bytes: Int, truncatedLines: Int)?

    private var year: YearInference
    /// Where the device's clock went back an hour (daylight saving time ending: logcat's
    /// default times are local and carry no zone), and the latest time read since, an hour
    /// later: times from that line on are read an hour later, so the story stays in order.
    private var fallBack: (line: Int, latest: Int64)?
    /// The last calendar time without a zone, as month, day and second of the day.
    private var previousLocal: (month: UInt8, day: UInt8, second: Int)?
    private static let hour: Int64 = 3_600_000_000_000
    /// The latest time seen, for lines that have none of their own (Studio's process markers).
    private var lastTime: LogcatTime?
    /// The trace's clock: its latest time, kernel lines aside.
    private var clock: LogcatClock
    /// The header of the `-v long` entry whose message lines are being read.
    private var longEntry: (record: LogcatRecord, interest: LogcatEventRecognizer.Interest)?
    /// The last entry whose unprefixed continuation lines are still read (a crash's indented
    /// body in an Android Studio paste: `Process: com.app, PID: 1234`, the exception).
    private var continuedEntry: (record: LogcatRecord, interest: LogcatEventRecognizer.Interest)?
    /// Whether the previous non-blank line was a log entry, so a line that is not one
    /// continues it (a wrapped message) rather than being unreadable.
    private var inEntry = false
    /// An `adb bugreport` (dumpstate) file: only its logcat sections are logs.
    private var isDumpstate = false
    /// Inside a dumpstate section that is not a logcat (dumpsys, kernel, properties...), whose
    /// lines are counted as structural rather than read as logs.
    private var inOtherSection = false
    /// A bugreport's exit-info records, read from its dumpsys section.
    private var exitInfo = BugreportExitInfo()
    /// A bugreport's last ANR's thread dump, read from its `VM TRACES AT LAST ANR` section.
    private var anrTraces = BugreportAnrTraces()

    init(path: String, year: YearInference, mappings: [LineMapping] = []) {
        self.path = path
        self.year = year
        recognizer = LogcatEventRecognizer(mappings: mappings)
        self.mappings = mappings
        clock = LogcatClock(baseYear: year.baseYear)
        summary = IngestionSummary(path: path, format: "logcat")
    }

    /// A reader fed line by line (`read(line:number:emit:)`) by a container that holds logcat
    /// entries in another form, each written as a line of `layout`, whose times have a year.
    init(path: String, feeding layout: LogcatLayout, mappings: [LineMapping]) {
        self.init(path: path, year: YearInference(baseYear: 1970), mappings: mappings)
        format = layout
        summary.format = "logcat " + layout.rawValue
    }

    /// A reader fed line by line from a stream whose first lines gave `detection`
    /// (`LiveTraceReader`).
    init(path: String, detected detection: LogcatLayoutDetector.Detection, year: YearInference, mappings: [LineMapping]) {
        self.init(path: path, year: year, mappings: mappings)
        format = detection.format ?? format
        hasLineNumbers = detection.hasLineNumbers
        summary.format = detection.description
    }

    /// Names pids before any line names them: a live stream starts mid-session.
    mutating func seed(_ processes: [(pid: Int32, process: String)]) {
        for (pid, process) in processes { recognizer.attribution.name(pid: pid, process: process) { _ in } }
    }

    /// One line of a fed reader, at `number` in the container.
    mutating func read(line: Span<UInt8>, number: Int, emit: EventSink) {
        summary.lines = number
        read(line: line, emit: emit)
    }

    /// `parallel`: how to read on several cores instead, when the layout allows
    /// (`LogcatParallelReading`).
    mutating func run(_ input: ByteLineReader, format forcedFormat: LogcatLayout?, parallel: ParallelPlan? = nil, emit: EventSink) throws(IngestionError) {
        let head: Opening
        do { head = try input.withPrefetched { Opening($0, forcedFormat: forcedFormat) } } catch { throw .readFailed(path: path, line: 1, reason: error.message) }
        if let binary = head.binary { throw .binaryContent(path: path, line: binary.line, kind: binary.kind) }
        isDumpstate = head.isDumpstate
        inOtherSection = isDumpstate
        if let taken = head.dumpstateDate, year.source != .option { year = YearInference(writtenAt: taken) }
        var detection = head.detection
        // A bugreport's logs may start megabytes in; its logcat sections are always threadtime.
        if detection.format == nil, isDumpstate { detection = LogcatLayoutDetector.Detection(format: .threadtime, modifiers: []) }
        guard let detected = detection.format else {
            guard let firstLine = head.unrecognised?.firstLine, let sketch = head.unrecognised?.sketch else { return }
            guard try readAfterOtherText(input, emit: emit) else {
                throw .unrecognisedFormat(path: path, line: firstLine, reason: sketch + Self.searched(input.bytesConsumed))
            }
            return finishSummary(input)
        }
        format = detected
        hasLineNumbers = detection.hasLineNumbers
        summary.format = detection.description
        let opening = head.opening
        if isDumpstate {
            // Each app's latest event time, for the exit-info deaths added at the end.
            var lastSeen: [String: Int64] = [:]
            var firstSeen = Int64.max
            readLines(from: input) { event in
                if event.time.clock != .unknown {
                    lastSeen[event.app] = max(lastSeen[event.app] ?? .min, event.time.nanoseconds)
                    firstSeen = min(firstSeen, event.time.nanoseconds)
                }
                emit(event)
            }
            addExitInfoDeaths(since: firstSeen, lastSeen: lastSeen, emit: emit)
            addAnrDump(emit: emit)
        } else if let parallel, format != .long, format != .raw {
            readLines(inParallel: parallel, of: input, emit: emit)
        } else {
            readLines(from: input, emit: emit)
        }
        finishSummary(input)
        if forcedFormat == nil, summary.isMostlyNotLog, let firstLine = opening.span.firstNonBlankLine {
            let sketch = ContentSketch.text(opening.span)
            throw .unrecognisedFormat(
                path: path, line: firstLine,
                reason: "\(summary.logLines) of \(summary.contentLines) lines read as \(summary.format) and none as an event: \(sketch)")
        }
    }

    /// The lines (of the file, or the rest of `input`'s stream), prepared on
    /// `parallel.workers` cores and read here in order.
    private mutating func readLines(inParallel parallel: ParallelPlan, of input: ByteLineReader, emit: EventSink) {
        let lines = parallel.lines { input.takeRest() }
        let read = LogcatParallelReading.read(
            lines, workers: parallel.workers, blockSize: parallel.blockSize, format: format, hasLineNumbers: hasLineNumbers, mappings: mappings
        ) { block in
            preparedTable = block.table
            block.forEachLine { line, prepared in
                summary.lines += 1
                let run = Int(prepared.pointee.run)
                if run > 1, recognizer.held == nil, !anrTraces.isCollecting {
                    readRun(prepared, count: run)
                    return run
                }
                self.read(line: line.droppingCarriageReturn(), unsafePrepared: prepared, emit: emit)
                return 1
            }
        }
        preparedTable = LogcatInterestTable()
        readInParallel = (lines.bytesRead, read.truncatedLines)
        if let failure = read.failure { summary.reportReadFailure(failure) }
        finish(emit: emit)
    }

    private mutating func finishSummary(_ input: ByteLineReader) {
        summary.unnamedProcesses = recognizer.attribution.unnamedProcesses
        summary.events -= recognizer.attribution.droppedSystemEvidence
        summary.eventLines -= recognizer.attribution.droppedSystemEvidence
        summary.logLines += recognizer.attribution.droppedSystemEvidence
        summary.clockEnd = clock.timestamp
        if let fallBack, let end = summary.clockEnd, fallBack.latest > end.nanoseconds {
            summary.clockEnd = Timestamp(clock: end.clock, nanoseconds: fallBack.latest, utcOffsetSeconds: end.utcOffsetSeconds, fractionDigits: end.fractionDigits)
        }
        summary.clockWentBack = fallBack?.line
        summary.interleavedStart = recognizer.interleavedStart
        year.note(in: &summary)
        if let readInParallel {
            summary.bytes = readInParallel.bytes
            summary.truncatedLines = readInParallel.truncatedLines
        } else {
            summary.noteRead(input)
        }
    }

    /// How far a file is searched for logs after a start that reads as no layout.
    static let searchLimit = 64 << 20
    /// Consecutive lines of one layout that end the search.
    static let agreeingLines = 3

    private static func searched(_ bytes: Int) -> String {
        " (searched \(bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"), \(min(bytes, searchLimit) == searchLimit ? "as far as lifelint looks" : "the whole file"))"
    }

    /// Logs that start after other text (a ticket's notes, a pasted description): the lines are
    /// read until `agreeingLines` in a row parse in one layout, within `searchLimit` bytes; the
    /// text before counts as unrecognised, and the logs from there are read as usual. False
    /// when no logs were found.
    private mutating func readAfterOtherText(_ input: ByteLineReader, emit: EventSink) throws(IngestionError) -> Bool {
        var searching = true
        var candidate: LogcatLayout?
        var run: [(line: Int, bytes: [UInt8])] = []
        do {
            try input.forEachLine { raw in
                guard searching else { return readCounting(raw, emit: emit) }
                guard input.bytesConsumed <= Self.searchLimit else { return }
                summary.lines += 1
                let format = LogcatLineCleaner.withCleanLine(raw, stripQuotes: true) { line, _ in
                    LogcatLayout.detectionOrder.first { LogcatLineParser.parse(line, as: $0) != nil }
                }
                if format == nil || format != candidate {
                    for line in run { summary.countUnrecognised(line: line.line) }
                    run = []
                }
                candidate = format
                guard format != nil else {
                    let structural = LogcatLineCleaner.withCleanLine(raw, stripQuotes: true) { line, _ in
                        LogcatLineCleaner.isBlank(line) || LogcatLineCleaner.isStructural(line)
                    }
                    if structural { summary.structuralLines += 1 } else { summary.countUnrecognised(line: summary.lines) }
                    return
                }
                run.append((summary.lines, raw.array))
                guard run.count == Self.agreeingLines, let found = format else { return }
                searching = false
                self.format = found
                summary.format = "logcat " + found.rawValue
                summary.lines -= run.count
                for line in run { readCounting(line.bytes.span, emit: emit) }
            }
        } catch {
            summary.reportReadFailure(error)
        }
        guard !searching else { return false }
        recognizer.finish(emit: emit)
        return true
    }

    /// The bugreport's exit-info deaths that the logcat did not show (`BugreportExitInfo`).
    private mutating func addExitInfoDeaths(since firstSeen: Int64, lastSeen: [String: Int64], emit: EventSink) {
        let table = recognizer.attribution.table
        let deaths = exitInfo.deaths(
            path: path, since: firstSeen, isReported: { table.incarnation(of: $0)?.isLive == false }, lastSeen: { lastSeen[$0] })
        for death in deaths {
            emit(death)
            summary.events += 1
            summary.eventLines += 1
            summary.structuralLines -= 1
        }
    }

    /// The last ANR's dump (`BugreportAnrTraces`), after the logs as the file has it.
    private mutating func addAnrDump(emit: EventSink) {
        for event in anrTraces.events(path: path) {
            emit(event)
            summary.events += 1
            summary.eventLines += 1
            summary.structuralLines -= 1
        }
    }

    /// A line found while searching for where the logs start, counted here.
    private mutating func readCounting(_ raw: Span<UInt8>, emit: EventSink) {
        summary.lines += 1
        read(line: raw, emit: emit)
    }

    mutating func read(line raw: Span<UInt8>, emit: EventSink) {
        LogcatLineCleaner.withCleanLine(raw, stripQuotes: format != .raw, stripLineNumbers: hasLineNumbers) { line, _ in
            classify(line, prepared: nil, emit: emit)
        }
    }

    /// A line prepared ahead (`LogcatLinePreparer`), read as `read(line:emit:)` reads it; a
    /// line of interest has its record and interest in `preparedTable`. Read through a pointer
    /// into its block: a prepared line is copied by value at every call otherwise.
    mutating func read(line raw: Span<UInt8>, unsafePrepared prepared: UnsafePointer<LogcatPreparedLine>, emit: EventSink) {
        let start = prepared.pointee.cleanStart
        guard start >= 0 else { return read(line: raw, emit: emit) }
        classify(raw.extracting(Int(start)..<Int(prepared.pointee.cleanEnd)), prepared: prepared, emit: emit)
    }

    mutating func finish(emit: EventSink) {
        recognizer.finish(emit: emit)
    }

    /// `prepared`: what was worked out of the line ahead; nil to work it out here, as it is
    /// needed.
    private mutating func classify(_ line: Span<UInt8>, prepared: UnsafePointer<LogcatPreparedLine>?, emit: EventSink) {
        if anrTraces.isCollecting, !line.starts(with: "------ ".utf8) {
            anrTraces.feed(line)
            summary.structuralLines += 1
            return
        }
        if prepared?.pointee.isBlank ?? LogcatLineCleaner.isBlank(line) {
            summary.structuralLines += 1
            longEntry = nil
            continuedEntry = nil
            recognizer.endEntry()
            return
        }
        if prepared?.pointee.isStructural ?? LogcatLineCleaner.isStructural(line) {
            if isDumpstate { noteSection(line) }
            count(events: recognizer.recogniseStudioProcessMarker(line, time: timestamp(lastTime), source: source(), emit: emit), orElse: .structural)
            return
        }
        if inOtherSection {
            exitInfo.feed(line, number: summary.lines)
            readBuildFingerprint(line)
            summary.structuralLines += 1
            return
        }
        if format == .long, readLongFormat(line, emit: emit) { return }
        if let prepared, prepared.pointee.isParsed {
            return read(line, prepared: prepared, emit: emit)
        }
        guard prepared == nil, let record = Self.parse(line, as: format) else {
            // A comment pasted into a log (`# system side`) continues nothing.
            if inEntry, line.first != UInt8(ascii: "#") {
                readContinuation(line, emit: emit)
            } else {
                summary.countUnrecognised(line: summary.lines)
            }
            return
        }
        read(record, in: line, emit: emit)
    }

    /// A prepared line that parsed. One of no interest, while no report is held, is read from
    /// its preparation alone, as `read(_:in:emit:)` reads it; any other takes its record from
    /// the block's table, or parses the line again.
    private mutating func read(_ line: Span<UInt8>, prepared: UnsafePointer<LogcatPreparedLine>, emit: EventSink) {
        let index = prepared.pointee.interest
        guard index == LogcatPreparedLine.nothing else {
            let interest = preparedTable.interests[Int(index)]
            let quiet = prepared.pointee.isQuiet && recognizer.passesQuietly(interest)
            return read(preparedTable.records[Int(index)], in: line, interest: interest, quiet: quiet, emit: emit)
        }
        guard recognizer.held == nil else {
            // A held report reads every line after it whole.
            guard let record = Self.parse(line, as: format) else { return }
            return read(record, in: line, interest: .nothing, emit: emit)
        }
        enterPlainEntry(time: prepared.pointee.time, kernelClock: prepared.pointee.kernelClock)
        summary.count(.log)
    }

    /// An entry of no interest: it continues nothing.
    private mutating func enterPlainEntry(time: LogcatTime?, kernelClock: Bool) {
        enterEntry(time: time, kernelClock: kernelClock, interest: .nothing)
        // Set only when it holds an entry: assigning writes the whole optional.
        if continuedEntry != nil { continuedEntry = nil }
    }

    /// `count` lines of no interest in a row (`LogcatPreparedLine.markRuns`), the first
    /// numbered `summary.lines`, read at once: the first line's time as its own, then the run's
    /// latest and last, which leave the clock, the year and the local time where reading each
    /// would.
    private mutating func readRun(_ first: UnsafePointer<LogcatPreparedLine>, count: Int) {
        enterPlainEntry(time: first.pointee.time, kernelClock: false)
        if let latest = first[Int(first.pointee.runLatest)].time, let last = first[count - 1].time {
            lastTime = last
            clock.note(latest, inferredYear: year.currentYear)
            if latest.kind == .calendar, latest.utcOffsetSeconds == nil {
                previousLocal = (last.month, last.day, last.secondOfDay)
                extendFallBack(to: latest)
            }
        }
        summary.lines += count - 1
        summary.logLines += count
    }

    /// One entry whose fields a structured source already holds (a Perfetto trace's log
    /// packets): `record`'s ranges are into `bytes`, which need not be a logcat line.
    mutating func read(entry record: LogcatRecord, in bytes: Span<UInt8>, number: Int, emit: EventSink) {
        summary.lines = number
        read(record, in: bytes, emit: emit)
    }

    /// `interest`: the recognizer's, worked out ahead; nil to work it out here. `quiet`: the
    /// line is known to make nothing (`LogcatEventRecognizer.isQuiet`).
    private mutating func read(
        _ record: LogcatRecord, in line: Span<UInt8>, interest prepared: LogcatEventRecognizer.Interest? = nil, quiet: Bool = false, emit: EventSink
    ) {
        let interest = prepared ?? recognizer.interest(in: record, bytes: line, hasTag: format.hasTag)
        enterEntry(time: record.time, kernelClock: format.hasTag && record.tag.isEmpty, interest: interest)
        continuedEntry = LogcatEventRecognizer.readsContinuations(interest) ? (record, interest) : nil
        guard !quiet else { return summary.count(.log) }
        handle(record, in: line, interest: interest, emit: emit)
        // An ANR report pasted as one entry (`ANR in` then indented `Reason:`) completes what
        // it holds in its continuation lines.
        if continuedEntry == nil, recognizer.held != nil { continuedEntry = (record, .nothing) }
    }

    /// What every entry does first, whatever it says: it is an entry, its time moves the clock,
    /// and another tag's line ends a crash report (a bare paste, `raw`, is all one report).
    private mutating func enterEntry(time: LogcatTime?, kernelClock: Bool, interest: LogcatEventRecognizer.Interest) {
        inEntry = true
        noteTime(time, kernelClock: kernelClock)
        if format != .raw, !LogcatEventRecognizer.continuesCrash(interest) { recognizer.endEntry() }
    }

    /// A line that continues the previous entry; read as its message when that entry's tag
    /// cares (a crash, a warning that may carry an exception).
    private mutating func readContinuation(_ line: Span<UInt8>, emit: EventSink) {
        guard let entry = continuedEntry else {
            summary.continuationLines += 1
            return
        }
        var record = entry.record
        record.tag = 0..<0
        record.package = nil
        let indent = line.prefixCount { $0 == .space || $0 == .tab }
        record.message = indent..<line.count
        handle(record, in: line, interest: entry.interest, emit: emit, countsAs: .continuation)
    }

    /// The dumpstate header's `Build fingerprint: 'google/oriole/oriole:14/…'`.
    private mutating func readBuildFingerprint(_ line: Span<UInt8>) {
        let prefix = "Build fingerprint: ".utf8
        guard summary.labels.values[TraceLabels.buildFingerprint] == nil, line.starts(with: prefix) else { return }
        let value = line.extracting(prefix.count...).array.filter { $0 != UInt8(ascii: "'") && $0 != .carriageReturn }
        summary.labels.record(TraceLabels.buildFingerprint, String(decoding: value, as: UTF8.self))
    }

    /// `------ SYSTEM LOG (logcat -v threadtime ...) ------` opens a logcat section; any other
    /// section header, or a section's closing `------ 0.326s was the duration of '...' ------`,
    /// leaves it.
    private mutating func noteSection(_ line: Span<UInt8>) {
        guard line.starts(with: "------ ".utf8) else { return }
        anrTraces.noteSection(line, number: summary.lines)
        if ByteSearch.contains("(logcat ", in: line) {
            inOtherSection = false
            inEntry = false
        } else if ByteSearch.contains(" ------", in: line) {
            inOtherSection = true
        }
    }

    /// `-v long`: a header line, then message lines up to a blank line.
    private mutating func readLongFormat(_ line: Span<UInt8>, emit: EventSink) -> Bool {
        if let header = LogcatLineParser.parse(line, as: .long) {
            noteTime(header.time, kernelClock: header.tag.isEmpty)
            longEntry = (header, recognizer.interest(in: header, bytes: line, hasTag: true, messageFollows: true))
            inEntry = true
            summary.logLines += 1
            return true
        }
        guard let entry = longEntry else { return false }
        var record = entry.record
        record.tag = 0..<0
        record.message = 0..<line.count
        handle(record, in: line, interest: entry.interest, emit: emit, countsAs: .continuation)
        return true
    }

    /// Static, so that the ingestor's mutating methods call it without copying the ingestor, and
    /// the line preparer (`LogcatLinePreparer`) calls it on other cores.
    static func parse(_ line: Span<UInt8>, as format: LogcatLayout) -> LogcatRecord? {
        if let record = LogcatLineParser.parse(line, as: format) { return record }
        guard format != .raw else { return nil }
        for other in LogcatLayout.detectionOrder where other != format {
            if let record = LogcatLineParser.parse(line, as: other) { return record }
        }
        return nil
    }

    private mutating func handle(
        _ record: LogcatRecord, in line: Span<UInt8>, interest: LogcatEventRecognizer.Interest,
        emit: EventSink, countsAs category: IngestionSummary.LineCategory = .log
    ) {
        // A report the recognizer holds is completed, or ended, by the lines after it, whatever they say.
        if case .nothing = interest, recognizer.held == nil {
            summary.count(category)
            return
        }
        let time = timestamp(record.time)
        let recognised = LogcatEventRecognizer.Line(bytes: line, record: record, time: time, source: source())
        count(events: recognizer.recognise(recognised, interest, emit: emit), orElse: category)
    }

    private mutating func count(events: Int, orElse category: IngestionSummary.LineCategory) {
        if events > 0 {
            summary.events += events
            summary.eventLines += 1
        } else {
            summary.count(category)
        }
    }

    private func source() -> SourceLocation { SourceLocation(path: path, line: summary.lines) }

    /// A line's time as a timestamp: its year inferred, and an hour later once the clock has
    /// gone back an hour (`fallBack`).
    private func timestamp(_ time: LogcatTime?) -> Timestamp {
        guard let time else { return .unknown }
        let stamp = time.timestamp(inferredYear: year.currentYear)
        guard fallBack != nil, time.kind == .calendar, time.utcOffsetSeconds == nil else { return stamp }
        return Timestamp(clock: stamp.clock, nanoseconds: stamp.nanoseconds + Self.hour, utcOffsetSeconds: nil, fractionDigits: stamp.fractionDigits)
    }

    /// Logcat's default time has no year: a December → January step is a new year.
    @inline(__always)
    private mutating func noteTime(_ time: LogcatTime?, kernelClock: Bool) {
        guard let time else { return }
        if time.kind == .calendar, time.year == nil { _ = year.year(inMonth: Int(time.month)) }
        lastTime = time
        guard !kernelClock else { return }
        clock.note(time, inferredYear: year.currentYear)
        if time.kind == .calendar, time.utcOffsetSeconds == nil { noteLocalTime(time) }
    }

    /// Daylight saving time ends: a local clock steps back an hour on the same day, between two
    /// lines written within ten minutes of each other (a step back of 50 to 60 minutes). Merged
    /// buffers step back seconds; concatenated captures by anything.
    private mutating func noteLocalTime(_ time: LogcatTime) {
        let second = time.secondOfDay
        if fallBack == nil, let previous = previousLocal, previous.month == time.month, previous.day == time.day,
            LogcatTime.isStepBackAnHour(from: previous.second, to: second)
        {
            fallBack = (summary.lines, .min)
        }
        previousLocal = (time.month, time.day, second)
        extendFallBack(to: time)
    }

    /// Once the clock has gone back, the latest local time read, an hour on.
    private mutating func extendFallBack(to time: LogcatTime) {
        if let current = fallBack { fallBack = (current.line, max(current.latest, timestamp(time).nanoseconds)) }
    }
}

extension LogcatLayout {
    /// Layouts whose lines name a tag.
    var hasTag: Bool { self != .thread && self != .raw }
}
