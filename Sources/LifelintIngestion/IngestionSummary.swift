import LifelintModel

/// What ingestion made of one trace: every line is counted in exactly one of the line
/// categories, so nothing is dropped without the user being able to see it.
public struct IngestionSummary: Sendable, Hashable {
    public var path: String
    /// The container and format detected (or forced), e.g. `logcat threadtime+uid`.
    public var format: String
    /// A report of deaths alone (a crash or termination report, exit-info, MetricKit's exits):
    /// it never holds lifecycle callbacks, so their absence says nothing of the capture.
    public var reportsDeathsOnly = false
    /// What `lines` counts: text lines, or the records of a JSON or plist container.
    public var unit = "lines"
    public var bytes: Int = 0
    public var lines: Int = 0
    public var events: Int = 0
    /// Lines that produced at least one event.
    public var eventLines: Int = 0
    /// Log lines read correctly that carry no lifecycle meaning.
    public var logLines: Int = 0
    /// Blank lines, buffer dividers, section headers.
    public var structuralLines: Int = 0
    /// Lines that continue the previous entry (long format bodies, wrapped messages).
    public var continuationLines: Int = 0
    /// Lines lifelint could not read at all.
    public var unrecognisedLines: Int = 0
    /// The first few unrecognised line numbers, to point the user at them.
    public var firstUnrecognisedLines: [Int] = []
    /// Malformed content inside a readable trace (invalid JSON, wrong types): reported as
    /// errors, exit status 2, while the rest of the trace is still read. The first few are kept.
    public var problems: [IngestionProblem] = []
    public var problemCount = 0
    /// The trace's clock when it ends: the latest time of any timestamped record, event or
    /// not. A wait whose deadline it passed is decided, even if no event followed.
    public var clockEnd: Timestamp?
    /// The line where the device's local clock went back an hour (daylight saving time ended),
    /// from which times were read an hour later; nil when it did not.
    public var clockWentBack: Int?
    /// The first process start that one device cannot have logged (two devices' logs in one
    /// file); nil when there was none.
    public var interleavedStart: InterleavedStart?
    /// Processes whose events went out as `pid N` because nothing in the trace (or nothing
    /// within the attribution's bounds) named them.
    public var unnamedProcesses = 0
    /// Lines longer than the reader's limit (16 MiB), read cut to it and counted once.
    public var truncatedLines = 0
    /// True when some time had no year (logcat's default), so the year came from `yearSource`.
    public var neededYear = false
    /// Where the year came from, and the year, when the trace needed one.
    public var yearSource: YearSource?
    public var assumedYear: Int?
    /// The day taken for times that had no date at all (Console.app copies).
    public var assumedDay: CivilDateTime?
    /// What the container's own header says of the run: an Apple report's or MetricKit
    /// payload's app and OS versions, a bugreport's build fingerprint.
    public var labels = TraceLabels()
    /// A bundle's (a bugreport zip's) entries beside the one this summary counts: those read
    /// into the same investigation, and those skipped with why.
    public var bundleEntries: [BundleEntry] = []
    /// Whether the trace's times are UTC (a Perfetto trace's), and the device's UTC offset in
    /// seconds where the trace states it: what a bundle needs to put them on its logcat's
    /// local clock.
    public var timesAreUTC = false
    public var deviceUTCOffsetSeconds: Int32?

    public struct BundleEntry: Sendable, Hashable {
        public let name: String
        /// What was read from it (`anr thread dump, 1 event`), or why it was not.
        public let outcome: String
        public let isRead: Bool
    }

    public init(path: String, format: String) {
        self.path = path
        self.format = format
    }

    /// Lines that are neither blank nor structural.
    public var contentLines: Int { lines - structuralLines }

    /// No event, and fewer than one line in twenty read as a log line of the layout: a document
    /// (Markdown, prose) that quotes a log line or two, not a log. A real log without events
    /// still reads line by line as its layout.
    public var isMostlyNotLog: Bool {
        events == 0 && contentLines >= 20 && logLines * 20 < contentLines
    }

    static let unrecognisedSampleSize = 5
    static let problemSampleSize = 20

    mutating func report(_ problem: IngestionProblem) {
        problemCount += 1
        if problems.count < Self.problemSampleSize { problems.append(problem) }
    }

    enum LineCategory {
        case log
        case structural
        case continuation
    }

    mutating func count(_ category: LineCategory) {
        switch category {
        case .log: logLines += 1
        case .structural: structuralLines += 1
        case .continuation: continuationLines += 1
        }
    }

    mutating func countUnrecognised(line: Int) {
        unrecognisedLines += 1
        if firstUnrecognisedLines.count < Self.unrecognisedSampleSize { firstUnrecognisedLines.append(line) }
    }

    /// Adds what another reading of a later part of the same trace counted, whose lines were
    /// counted from `lineOffset` lines into the trace.
    mutating func add(_ part: IngestionSummary, lineOffset: Int) {
        lines += part.lines
        events += part.events
        eventLines += part.eventLines
        logLines += part.logLines
        structuralLines += part.structuralLines
        continuationLines += part.continuationLines
        truncatedLines += part.truncatedLines
        for line in part.firstUnrecognisedLines { countUnrecognised(line: line + lineOffset) }
        unrecognisedLines += part.unrecognisedLines - part.firstUnrecognisedLines.count
        for var problem in part.problems {
            problem.location.line += lineOffset
            report(problem)
        }
        problemCount += part.problemCount - part.problems.count
        if let end = part.clockEnd { noteTime(end) }
    }

    /// One line for people: `trace.log: 1200 lines, 14 events (logcat threadtime); 3 unrecognised (first at line 7)`.
    public var humanDescription: String {
        var text = "\(path): \(lines) \(unit), \(events) events, \(logLines) other \(unit == "lines" ? "log lines" : unit)"
        text += ", \(structuralLines) structural, \(continuationLines) continuation"
        text += ", \(unrecognisedLines) unrecognised"
        if let first = firstUnrecognisedLines.first { text += " (first at line \(first))" }
        if problemCount > 0 { text += ", \(problemCount) malformed" }
        if truncatedLines > 0 { text += ", \(truncatedLines) line\(truncatedLines == 1 ? "" : "s") longer than 16 MiB read cut" }
        if unnamedProcesses > 0 { text += ", \(unnamedProcesses) process\(unnamedProcesses == 1 ? "" : "es") nothing named (shown as 'pid N')" }
        return text + " [\(format)]"
    }
}

extension IngestionSummary {
    /// The malformed content found, as the error lines a run prints (and then exits 2).
    package var problemLines: [String] {
        var lines = problems.map { "lifelint: error: \($0)" }
        let unshown = problemCount - problems.count
        if unshown > 0 { lines.append("lifelint: error: \(path): \(unshown) more malformed records not shown") }
        return lines
    }
}
