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
    private let records: JSONLinesRendering

    public init(output: ByteOutput, labels: [String: String] = [:]) {
        self.output = output
        records = JSONLinesRendering(labels: labels)
    }

    public var rendering: (any TraceRendering)? { records }

    public mutating func traceCompleted(_ trace: TraceReport) {
        traceCompleted(trace, rendered: records.render(trace))
    }

    public mutating func traceCompleted(_ trace: TraceReport, rendered: Result<[UInt8], OutputFailure>) {
        write(rendered)
    }

    /// The summary needs the run's counts only (`RunTally`).
    public var readsTraceDetailsAtFinish: Bool { false }

    public mutating func finish(_ run: RunReport) {
        var record: [String: Any] = [
            "type": "summary", "schemaVersion": JSONReporter.schemaVersion, "traces": run.tally.traces,
            "failedTraces": run.failedTraces, "findings": ReportJSON.summary(run),
        ]
        if let baseline = run.baseline { record["baseline"] = ReportJSON.baseline(baseline) }
        write(records.render([record], labels: records.labels))
    }

    private func write(_ rendered: Result<[UInt8], OutputFailure>) {
        switch rendered {
        case .success(let bytes): output.write(bytes: bytes)
        case .failure(let failure): output.fail(failure)
        }
        output.flush()
    }
}

/// A trace's JSON Lines records: its findings, verdicts, each app's metrics, a coverage record
/// per rule and the trace record, each carrying the trace's `labels` (the trace's own under the
/// run's `--label`s).
struct JSONLinesRendering: TraceRendering {
    /// The run's `--label`s.
    let labels: [String: String]
    private let text = JSONText()

    init(labels: [String: String]) {
        self.labels = labels
    }

    func render(_ trace: TraceReport) -> Result<[UInt8], OutputFailure> {
        var records: [[String: Any]] = []
        records += trace.findings.map { ReportJSON.finding($0).merging(Self.trace(trace, type: "finding")) { $1 } }
        records += trace.verdicts.map { ReportJSON.verdict($0).merging(Self.trace(trace, type: "verdict")) { $1 } }
        records += trace.metrics.map { ReportJSON.metrics($0).merging(Self.trace(trace, type: "metrics")) { $1 } }
        records += trace.coverage.map { ReportJSON.coverage($0).merging(Self.trace(trace, type: "coverage")) { $1 } }
        var header = ReportJSON.traceHeader(trace)
        header["type"] = "trace"
        records.append(header)
        return render(records, labels: trace.labels.overridden(by: labels))
    }

    /// One line per record, each with `labels` when there are any.
    func render(_ records: [[String: Any]], labels: [String: String]) -> Result<[UInt8], OutputFailure> {
        var bytes: [UInt8] = []
        do throws(OutputFailure) {
            for var record in records {
                if !labels.isEmpty { record["labels"] = labels }
                try text.append(record, pretty: false, to: &bytes)
                bytes.append(.newline)
            }
            return .success(bytes)
        } catch {
            return .failure(error)
        }
    }

    /// The record's type and its trace: the path, and the `sha256` when known.
    private static func trace(_ trace: TraceReport, type: String) -> [String: Any] {
        var fields: [String: Any] = ["type": type, "trace": trace.path]
        if let sha256 = trace.sha256 { fields["traceSha256"] = sha256 }
        return fields
    }
}
