/// One trace through the whole pipeline: ingestion, phase derivation, the rule engine.
public enum TraceAnalyzer {
    public struct Analysis: Sendable {
        public var summary: IngestionSummary
        public var findings: [Finding]
    }

    public static func analyze(
        _ input: TraceInput, rules: [Rule], thresholds: Thresholds = Thresholds(), options: TraceReadOptions = TraceReadOptions()
    ) throws(IngestionError) -> Analysis {
        var phases = PhaseDeriver()
        var engine = RuleEngine(rules: rules, thresholds: thresholds)
        let summary = try TraceReader.read(input, options: options) { event in
            phases.process(event) { engine.process($0) }
        }
        phases.finish { engine.process($0) }
        engine.finish()
        return Analysis(summary: summary, findings: engine.findings)
    }

    public static func analyze(
        path: String, rules: [Rule], thresholds: Thresholds = Thresholds(), options: TraceReadOptions = TraceReadOptions()
    ) throws(IngestionError) -> Analysis {
        try analyze(TraceInput(path: path), rules: rules, thresholds: thresholds, options: options)
    }
}
