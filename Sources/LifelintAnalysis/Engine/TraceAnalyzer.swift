@_spi(Bytes) import LifelintBytes
import LifelintIngestion
import LifelintModel

/// One trace through the whole pipeline: ingestion, phase derivation, the rule engine and the
/// lifecycle metrics, in one streaming pass.
public enum TraceAnalyzer {
    public struct Analysis: Sendable {
        public var summary: IngestionSummary
        public var findings: [Finding]
        /// Empty unless the settings ask for it.
        public var metrics: AppMetricsList
        /// Every verdict, whichever rules run: the post-mortem of the trace.
        public var verdicts: [Verdict]
        /// The verdicts as results of the verdict rules that report their outcomes.
        public var verdictResults: [Finding]
        /// Which rules could be evaluated on which apps (`RuleCoverage`).
        public var coverage: [RuleCoverage]
        /// Present when the settings ask for it.
        public var timeline: Timeline?
        /// What the trace says of its run: the container's header, then the apps' `app.info`.
        public var labels: TraceLabels
        /// What kept the trace from showing a lifecycle, when it showed none (`TraceNote`).
        public var notes: [TraceNote]
        /// The instrumented tests the trace ran (`TestRunner` lines), in order, with their
        /// expectations judged.
        public var tests: [InstrumentedTest] = []
        /// The expectations declared for the whole trace, judged.
        public var expectations: [ExpectationResult] = []
        /// `test.expect` lines naming no expectation: errors, as a malformed line is.
        public var expectationProblems: [String] = []
    }

    public static func analyze(_ input: TraceInput, settings: AnalysisSettings) throws(IngestionError) -> Analysis {
        var phases = PhaseDeriver()
        var consumers = DerivedEventConsumers(settings: settings)
        // Captured on its own: reading it through `settings` in the closure copied the whole
        // settings (rules, thresholds, options) for every event.
        let apps = settings.apps
        var appInfo = TraceLabels()
        let summary = try EventNormalizer.read(input, options: settings.readOptions) { event in
            if let apps, !apps.contains(event.app) { return }
            if event.name.is(.appInfo) { appInfo.record(appInfo: event.attributes) }
            phases.process(consume event) { consumers.consume($0, app: $1) }
        }
        phases.finish { consumers.consume($0, app: $1) }
        consumers.engine.finish(clockEnd: summary.clockEnd, appNames: phases.appNames)
        consumers.verdicts.finish()
        let verdicts = consumers.verdicts.verdicts
        let judged = consumers.judgedTests()
        let verdictRules = settings.rules.filter(\.isVerdictRule)
        return Analysis(
            summary: summary, findings: consumers.engine.findings, metrics: consumers.metrics?.finish(clockEnd: summary.clockEnd, appNames: phases.appNames) ?? AppMetricsList(),
            verdicts: verdicts, verdictResults: verdictRules.flatMap { rule in verdicts.compactMap(rule.result) }, coverage: consumers.engine.coverage,
            timeline: consumers.timeline?.finish(findings: consumers.engine.findings), labels: summary.labels.merged(appInfo),
            notes: notes(summary, evidence: consumers.evidence, appNames: phases.appNames), tests: judged.tests, expectations: judged.wholeTrace,
            expectationProblems: consumers.oracle?.problems ?? [])
    }

    /// What the reading could not do, in the order a reader meets it: the clock and the
    /// devices first, then what the events lacked.
    private static func notes(_ summary: IngestionSummary, evidence: LifecycleEvidence, appNames: [String]) -> [TraceNote] {
        var notes: [TraceNote] = []
        if let line = summary.clockWentBack { notes.append(.clockWentBack(line: line)) }
        if !summary.bundleEntries.isEmpty { notes.append(.bundleEntries(summary.bundleEntries)) }
        if let start = summary.interleavedStart { notes.append(.interleavedDevices(start)) }
        if summary.events == 0 {
            notes.append(.noEvents(lines: summary.lines, unit: summary.unit))
        } else if !summary.reportsDeathsOnly {
            notes += evidence.notes(appNames: appNames)
        }
        return notes
    }

    public static func analyze(
        _ input: TraceInput, rules: [Rule], thresholds: Thresholds = Thresholds(), options: TraceReadOptions = TraceReadOptions()
    ) throws(IngestionError) -> Analysis {
        try analyze(input, settings: AnalysisSettings(rules: rules, thresholds: thresholds, readOptions: options))
    }

    public static func analyze(
        path: String, rules: [Rule], thresholds: Thresholds = Thresholds(), options: TraceReadOptions = TraceReadOptions()
    ) throws(IngestionError) -> Analysis {
        try analyze(TraceInput(path: path), rules: rules, thresholds: thresholds, options: options)
    }

    /// A trace's report: its analysis, or the error that kept it from being read. Never throws,
    /// so one bad trace does not stop a batch.
    /// `digestInPlace`: the trace's SHA-256 is computed on this thread (a batch whose workers
    /// use every core), not on another core while it is analysed.
    public static func report(path: String, settings: AnalysisSettings, digestInPlace: Bool = false) -> TraceReport {
        let start = ContinuousClock.now
        let digest = settings.identifiesTraces && path != TraceInput.standardInputName ? TraceDigest(path: path, inPlace: digestInPlace) : nil
        var report = analyzedReport(path: path, settings: settings)
        report.sha256 = digest?.wait()
        let elapsed = ContinuousClock.now - start
        report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return report
    }

    private static func analyzedReport(path given: String, settings: AnalysisSettings) -> TraceReport {
        let standardInputName = settings.readOptions.standardInputName
        let path = given == TraceInput.standardInputName ? standardInputName ?? given : PathEncoding.displayed(given)
        do {
            let analysis = try analyze(TraceInput(path: given, standardInputName: standardInputName), settings: settings)
            let summary = analysis.summary
            let diagnostics = summary.problemLines
            // A run's reports carry verdicts when a verdict rule (`data-loss-verdict`) runs: they are its results.
            let reportsVerdicts = settings.rules.contains(where: \.isVerdictRule)
            var report = TraceReport(
                path: path, summary: summary, error: summary.problemCount > 0 ? Self.problemText(summary) : nil,
                diagnostics: diagnostics, findings: analysis.findings, metrics: analysis.metrics, verdicts: reportsVerdicts ? analysis.verdicts : [],
                timeline: analysis.timeline)
            report.coverage = analysis.coverage
            report.verdictResults = analysis.verdictResults
            report.notes = analysis.notes
            report.tests = analysis.tests
            report.expectations = analysis.expectations
            if !analysis.expectationProblems.isEmpty {
                report.error = report.error ?? analysis.expectationProblems[0]
                report.diagnostics += analysis.expectationProblems.map { "lifelint: error: \($0)" }
            }
            if settings.failsOnEmpty, let empty = analysis.notes.first(where: \.isNoEvents) {
                report.error = "\(path): \(empty) (--fail-on-empty)"
                report.diagnostics.append("lifelint: error: \(report.error!)")
                report.notes.removeAll(where: \.isNoEvents)
            }
            report.labels = analysis.labels
            report.fileSystemPath = given
            return report
        } catch {
            return .unreadable(path: path, error)
        }
    }

    /// `3 malformed records` (the first one's text when there is just one).
    private static func problemText(_ summary: IngestionSummary) -> String {
        if summary.problemCount == 1, let problem = summary.problems.first { return problem.description }
        return "\(summary.problemCount) malformed \(summary.unit == "records" ? "records" : "lines"), the first: \(summary.problems.first?.description ?? "")"
    }
}
