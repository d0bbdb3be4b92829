import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// One JSON object per line (`--format jsonl`), each with a `type`: every `finding` as soon as
/// its trace is done (a long batch can be followed live), then its `verdict`s, each app's
/// `metrics` for the trace, a `coverage` record per rule, a `trace` record with its stats or
/// error, and a final `summary`. The objects have the same fields as in the JSON report.
public struct JSONLinesReporter: Reporter {
    private let output: ByteOutput
    private let text = JSONText()
    /// Stamped on every record when the run has any.
    private let labels: [String: String]

    public init(output: ByteOutput, labels: [String: String] = [:]) {
        self.output = output
        self.labels = labels
    }

    public mutating func traceCompleted(_ trace: TraceReport) {
        for finding in trace.findings {
            write(ReportJSON.finding(finding).merging(Self.trace(trace, type: "finding")) { $1 })
        }
        for verdict in trace.verdicts {
            write(ReportJSON.verdict(verdict).merging(Self.trace(trace, type: "verdict")) { $1 })
        }
        for metrics in trace.metrics {
            write(ReportJSON.metrics(metrics).merging(Self.trace(trace, type: "metrics")) { $1 })
        }
        for coverage in trace.coverage {
            write(ReportJSON.coverage(coverage).merging(Self.trace(trace, type: "coverage")) { $1 })
        }
        var record = ReportJSON.traceHeader(trace)
        record["type"] = "trace"
        write(record)
        output.flush()
    }

    public mutating func finish(_ run: RunReport) {
        var record: [String: Any] = [
            "type": "summary", "schemaVersion": JSONReporter.schemaVersion, "traces": run.traces.count,
            "failedTraces": run.failedTraces, "findings": ReportJSON.summary(run),
        ]
        if let baseline = run.baseline { record["baseline"] = ReportJSON.baseline(baseline) }
        write(record)
    }

    /// The record's type and its trace: the path, and the `sha256` when known.
    private static func trace(_ trace: TraceReport, type: String) -> [String: Any] {
        var fields: [String: Any] = ["type": type, "trace": trace.path]
        if let sha256 = trace.sha256 { fields["traceSha256"] = sha256 }
        return fields
    }

    private func write(_ object: [String: Any]) {
        var object = object
        if !labels.isEmpty { object["labels"] = labels }
        ReportJSON.write(object, pretty: false, to: output, text: text)
    }
}
