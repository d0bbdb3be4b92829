import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// One JSON object per line (`--format jsonl`), each with a `type`: every `finding` as soon as
/// its trace is done (a long batch can be followed live), then its `verdict`s, each app's
/// `metrics` for the trace, a `coverage` record per rule, a `trace` record with its stats or
/// error, and a final `summary`. The objects have the same fields as in the JSON report, and
/// each of a trace's records carries its `labels`: the trace's own (`TraceLabels`) under the
/// run's `--label`s.
public struct JSONLinesReporter: Reporter {
    private let output: ByteOutput
    private let text = JSONText()
    /// The run's `--label`s, stamped on every record.
    private let labels: [String: String]

    public init(output: ByteOutput, labels: [String: String] = [:]) {
        self.output = output
        self.labels = labels
    }

    public mutating func traceCompleted(_ trace: TraceReport) {
        let labels = trace.labels.overridden(by: labels)
        for finding in trace.findings {
            write(ReportJSON.finding(finding).merging(Self.trace(trace, type: "finding")) { $1 }, labels: labels)
        }
        for verdict in trace.verdicts {
            write(ReportJSON.verdict(verdict).merging(Self.trace(trace, type: "verdict")) { $1 }, labels: labels)
        }
        for metrics in trace.metrics {
            write(ReportJSON.metrics(metrics).merging(Self.trace(trace, type: "metrics")) { $1 }, labels: labels)
        }
        for coverage in trace.coverage {
            write(ReportJSON.coverage(coverage).merging(Self.trace(trace, type: "coverage")) { $1 }, labels: labels)
        }
        var record = ReportJSON.traceHeader(trace)
        record["type"] = "trace"
        write(record, labels: labels)
        output.flush()
    }

    /// The summary needs the run's counts only (`RunTally`).
    public var readsTraceDetailsAtFinish: Bool { false }

    public mutating func finish(_ run: RunReport) {
        var record: [String: Any] = [
            "type": "summary", "schemaVersion": JSONReporter.schemaVersion, "traces": run.tally.traces,
            "failedTraces": run.failedTraces, "findings": ReportJSON.summary(run),
        ]
        if let baseline = run.baseline { record["baseline"] = ReportJSON.baseline(baseline) }
        write(record, labels: labels)
    }

    /// The record's type and its trace: the path, and the `sha256` when known.
    private static func trace(_ trace: TraceReport, type: String) -> [String: Any] {
        var fields: [String: Any] = ["type": type, "trace": trace.path]
        if let sha256 = trace.sha256 { fields["traceSha256"] = sha256 }
        return fields
    }

    private func write(_ object: [String: Any], labels: [String: String]) {
        var object = object
        if !labels.isEmpty { object["labels"] = labels }
        ReportJSON.write(object, pretty: false, to: output, text: text)
    }
}
