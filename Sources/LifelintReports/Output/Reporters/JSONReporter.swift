import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The whole run as one JSON document (`--format json`), versioned and documented in
/// `docs/schema/report.schema.json`. Dashboards read it; keep changes additive and bump
/// `schemaVersion` when a field changes meaning.
///
/// Written piece by piece (`PrettyJSONWriter`): a run with tens of thousands of findings or
/// apps never holds its whole document as a JSON tree, one finding, app or coverage entry at a
/// time instead.
public struct JSONReporter: Reporter {
    public static let schemaVersion = 1
    private let output: ByteOutput
    private let labels: [String: String]

    public init(output: ByteOutput, labels: [String: String] = [:]) {
        self.output = output
        self.labels = labels
    }

    public mutating func finish(_ run: RunReport) {
        let findings = run.findings
        let verdicts = run.traces.flatMap(\.verdicts)
        var members: [(key: String, value: PrettyJSONWriter.Value)] = []
        if let baseline = run.baseline { members.append(("baseline", .whole(ReportJSON.baseline(baseline)))) }
        members.append(("configuration", .whole(run.configuration ?? NSNull())))
        if !labels.isEmpty { members.append(("labels", .whole(labels))) }
        members += [
            ("findings", .array(count: findings.count) { .whole(ReportJSON.finding(findings[$0])) }),
            ("schemaVersion", .whole(Self.schemaVersion)),
            ("summary", .whole(ReportJSON.summary(run))),
            ("tool", .whole(["name": "lifelint", "version": LifelintVersion.current])),
            ("traces", .array(count: run.traces.count) { Self.trace(run.traces[$0]) }),
            ("verdicts", .array(count: verdicts.count) { .whole(ReportJSON.verdict(verdicts[$0])) }),
        ]
        PrettyJSONWriter(output: output).write(.object(members))
        output.write(byte: .newline)
    }

    /// A trace's members in key order, its apps and coverage (one entry per app and rule)
    /// written one by one.
    private static func trace(_ trace: TraceReport) -> PrettyJSONWriter.Value {
        var members = ReportJSON.traceHeader(trace).map { (key: $0.key, value: PrettyJSONWriter.Value.whole($0.value)) }
        if trace.summary != nil {
            members.append(("apps", .array(count: trace.metrics.count) { .whole(ReportJSON.metrics(trace.metrics[$0])) }))
            members.append(("coverage", .array(count: trace.coverage.count) { .whole(ReportJSON.coverage(trace.coverage[$0])) }))
        }
        return .object(members.sorted { $0.key < $1.key })
    }
}
