/// The whole run as one JSON document (`--format json`), versioned and documented in
/// `docs/schema/report.schema.json`. Dashboards read it; keep changes additive and bump
/// `schemaVersion` when a field changes meaning.
public struct JSONReporter: Reporter {
    public static let schemaVersion = 1
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public static func document(_ run: RunReport) -> [String: Any] {
        var document: [String: Any] = [
            "schemaVersion": schemaVersion,
            "tool": ["name": "lifelint", "version": LifelintCommand.version],
            "traces": run.traces.map(ReportJSON.trace),
            "findings": run.findings.map(ReportJSON.finding),
            "verdicts": run.traces.flatMap(\.verdicts).map(ReportJSON.verdict),
            "summary": ReportJSON.summary(run),
        ]
        if let baseline = run.baseline { document["baseline"] = ReportJSON.baseline(baseline) }
        return document
    }

    public mutating func finish(_ run: RunReport) {
        output.write(bytes: ReportJSON.data(Self.document(run), pretty: true))
        output.write(byte: .newline)
    }
}
