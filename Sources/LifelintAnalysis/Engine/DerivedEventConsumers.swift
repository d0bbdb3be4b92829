import LifelintModel

/// What reads the phase deriver's stream, each event in turn: the rule engine, the verdicts,
/// the instrumented tests and their expectations, and the metrics and the timeline when asked for. The app comes numbered by the deriver, so the
/// consumers that keep per-app state find it without hashing the app's name.
struct DerivedEventConsumers {
    var engine: RuleEngine
    var metrics: MetricsCollector?
    var verdicts: VerdictBuilder
    var timeline: TimelineBuilder?
    var evidence = LifecycleEvidence()
    /// Nil in a live watch, which judges no expectations (decision 0050) and must not keep
    /// every test of hours.
    var oracle: ProcessDeathOracle?

    init(settings: AnalysisSettings) {
        engine = RuleEngine(compiled: settings.compiledRules)
        verdicts = VerdictBuilder(thresholds: settings.thresholds)
        metrics = settings.collectsMetrics ? MetricsCollector() : nil
        timeline = settings.collectsTimeline ? TimelineBuilder() : nil
        oracle = ProcessDeathOracle(declarations: settings.expectations)
    }

    /// The engine comes last and keeps the event: it moves it into what its monitors observe.
    mutating func consume(_ event: consuming Event, app: Int) {
        evidence.record(event, app: app)
        metrics?.process(event, app: app)
        verdicts.process(event, app: app)
        oracle?.process(event, app: app)
        timeline?.process(event)
        engine.process(consume event, app: app)
    }

    /// The trace's tests and the whole trace's expectations, judged against what the trace
    /// shows (call after `verdicts.finish()`).
    func judgedTests() -> (tests: [InstrumentedTest], wholeTrace: [ExpectationResult]) {
        let verdicts = verdicts
        guard let oracle else { return ([], []) }
        return oracle.finish(
            evidence: ProcessDeathJudge.Evidence(
                recordsProcesses: evidence.recordsProcesses, reportsInput: { verdicts.reportsInput(app: $0) },
                reportsRestores: { verdicts.reportsRestores(app: $0) }))
    }
}
