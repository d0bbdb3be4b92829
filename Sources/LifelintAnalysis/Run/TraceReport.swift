@_spi(Bytes) import LifelintBytes
import LifelintIngestion
import LifelintModel

/// What one trace of a run came to: how it was read, the findings (after the baseline), the
/// apps' lifecycle metrics, and the errors to show for it.
public struct TraceReport: Sendable {
    /// The trace's name as shown (`PathEncoding.displayed`).
    public var path: String
    /// The path that opens the trace again (a report quoting its lines); `path` when the two agree.
    public var fileSystemPath: String
    /// The SHA-256 of the file's bytes, when the run asks for it (`identifiesTraces`) and the
    /// trace is a file: the same trace analysed twice, anywhere, is recognisably the same.
    public var sha256: String?
    /// What the trace says of its run (app version, build, OS, device: `TraceLabels`).
    public var labels = TraceLabels()
    /// Nil when the trace could not be read at all.
    public var summary: IngestionSummary?
    /// Why the trace could not be read, or how many of its records were malformed; nil when
    /// it was read cleanly.
    public var error: String?
    /// The error lines to show (file and line first), in the order found.
    public var diagnostics: [String]
    public var findings: [Finding]
    /// Findings the baseline hid.
    public var baselined: [Finding] = []
    public var metrics: AppMetricsList
    /// What happened to the user's data at each background entry a process death followed.
    public var verdicts: [Verdict]
    /// The verdicts as results of their rule (`data-loss-verdict`), for the CI formats.
    public var verdictResults: [Finding] = []
    /// Kept when the run asked for it (timeline command, HTML report).
    public var timeline: Timeline?
    /// What kept the trace from showing a lifecycle, when it showed none.
    public var notes: [TraceNote] = []
    /// Per rule, the apps it was evaluated on and those that lacked its evidence.
    public var coverage: [RuleCoverage] = []
    /// The instrumented tests the trace ran: the JUnit report has a test case per test.
    public var tests: [InstrumentedTest] = []
    /// The process-death expectations declared for the whole trace, judged.
    public var expectations: [ExpectationResult] = []
    /// How long reading and analysing the trace took, in seconds (JUnit's `time`).
    public var seconds: Double = 0

    public init(
        path: String, summary: IngestionSummary?, error: String?, diagnostics: [String] = [], findings: [Finding] = [], metrics: AppMetricsList = AppMetricsList(),
        verdicts: [Verdict] = [], timeline: Timeline? = nil
    ) {
        self.path = path
        fileSystemPath = path
        self.summary = summary
        self.error = error
        self.diagnostics = diagnostics
        self.findings = findings
        self.metrics = metrics
        self.verdicts = verdicts
        self.timeline = timeline
    }

    /// A trace that could not be read.
    static func unreadable(path: String, _ error: IngestionError) -> TraceReport {
        TraceReport(path: path, summary: nil, error: error.description, diagnostics: ["lifelint: error: \(error)"])
    }
}

extension TraceReport {
    /// The text of each line in `wanted` that the trace has, read again from its file, so a
    /// report can quote what it cites (`TraceExcerpt`).
    public func lines(_ wanted: Set<Int>) -> [Int: String] {
        TraceExcerpt.lines(wanted, of: fileSystemPath)
    }
}
