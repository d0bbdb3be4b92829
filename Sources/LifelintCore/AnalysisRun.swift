import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintIngestion
import LifelintModel
import LifelintReports

/// A batch of traces analysed and reported the way `lifelint` does it: each trace read and
/// analysed on one of `jobs` cores, matched against the baseline, handed to every reporter in
/// input order (streaming reporters' output made on the workers), then the run finished with
/// its tally. A program built on the library runs a batch exactly as the command line does by
/// making one of these with its own settings and reporters.
///
/// Memory stays flat over a batch of any length: a trace's report is kept to the end only when
/// a reporter reads the traces at `finish` or `keepsTraces` asks for them.
public struct AnalysisRun {
    public var settings: AnalysisSettings
    /// Traces analysed at once.
    public var jobs: Int
    /// The severity at and above which findings fail the run.
    public var failOn: Severity
    /// Hides the findings a baseline accepted; nil runs without one.
    public var baseline: BaselineMatcher?
    /// Keeps every trace's report in the outcome even when no reporter reads them at the end
    /// (to write them as a baseline, say).
    public var keepsTraces: Bool
    /// The configuration file the settings came from, for the reports that name it.
    public var configurationPath: String?

    /// What a run ends with: the report every reporter's `finish` saw, and the note to give
    /// when times without a year took one from the files (see `YearNote`).
    public struct Outcome: Sendable {
        public var report: RunReport
        public var yearNote: String?
        /// The bytes of every trace read.
        public var bytesRead: Int
    }

    public init(
        settings: AnalysisSettings, jobs: Int, failOn: Severity = .error, baseline: BaselineMatcher? = nil, keepsTraces: Bool = false,
        configurationPath: String? = nil
    ) {
        self.settings = settings
        self.jobs = jobs
        self.failOn = failOn
        self.baseline = baseline
        self.keepsTraces = keepsTraces
        self.configurationPath = configurationPath
    }

    /// Runs the batch. `willReport` hears each trace, in input order, before the reporters do
    /// (the command line writes the trace's diagnostics there); `didReport` after them, with the
    /// run's tally and the bytes read so far (its progress bar).
    public func run(
        _ inputs: [BatchInput], reporters: inout [any Reporter], willReport: (TraceReport) -> Void = { _ in },
        didReport: (RunTally, _ bytesRead: Int) -> Void = { _, _ in }
    ) -> Outcome {
        let started = Timestamp.now
        var matcher = baseline
        var traces: [TraceReport] = []
        var tally = RunTally()
        var guessedYears: [IngestionSummary] = []
        var bytesRead = 0
        let keepsTraces = keepsTraces || reporters.contains { $0.readsTraceDetailsAtFinish }
        // A baseline, applied in input order, may still change what a reporter writes.
        let renderings = reporters.map { matcher == nil ? $0.rendering : nil }
        let prepare: @Sendable (TraceReport) -> (TraceReport, [Result<[UInt8], OutputFailure>?]) = { report in
            (report, renderings.map { $0?.render(report) })
        }
        BatchAnalyzer(settings: settings, jobs: jobs).run(inputs, prepare: prepare) { prepared in
            var (report, rendered) = prepared
            matcher?.apply(to: &report)
            willReport(report)
            for index in reporters.indices {
                if let bytes = rendered[index] { reporters[index].traceCompleted(report, rendered: bytes) } else { reporters[index].traceCompleted(report) }
            }
            bytesRead += report.summary?.bytes ?? 0
            tally.add(report)
            if keepsTraces { traces.append(report) }
            if let summary = report.summary, YearNote.isGuessed(summary) { guessedYears.append(summary) }
            didReport(tally, bytesRead)
        }
        let run = RunReport(
            traces: traces, tally: tally, rules: settings.rules, failOn: failOn, baseline: matcher?.outcome, started: started,
            configuration: configurationPath)
        for index in reporters.indices { reporters[index].finish(run) }
        return Outcome(report: run, yearNote: YearNote.text(for: guessedYears), bytesRead: bytesRead)
    }
}

extension AnalysisSettings {
    /// The settings with what these output formats need collected: timelines for HTML, trace
    /// identities and metrics for JSON and JSON Lines.
    public func collecting(for formats: [ReportFormat]) -> AnalysisSettings {
        var settings = self
        settings.collectsTimeline = formats.contains { $0.needsTimeline }
        settings.identifiesTraces = formats.contains { $0 == .json || $0 == .jsonl }
        settings.collectsMetrics = formats.contains { $0.writesMetrics }
        return settings
    }
}
