import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

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

    /// A trace rendered on its worker is written as it is; a large one (rendered as nothing,
    /// `JSONLinesRendering.largeTrace`) is rendered here, straight to the output, a chunk at a
    /// time.
    public mutating func traceCompleted(_ trace: TraceReport, rendered: Result<[UInt8], OutputFailure>) {
        if case .success(let bytes) = rendered, bytes.isEmpty {
            write(records.stream(trace, to: output))
        } else {
            write(rendered)
        }
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

    /// More records than this in one trace are not rendered on the worker but streamed when the
    /// trace is written: a million apps' metrics rendered whole took 3.6 GB.
    static let largeTrace = 10_000
    /// How much is rendered before it is written out.
    static let chunkSize = 1 << 20

    /// The trace's records, rendered; nothing (an empty rendering) for a large trace, which
    /// `stream` writes.
    func render(_ trace: TraceReport) -> Result<[UInt8], OutputFailure> {
        guard Self.recordCount(trace) <= Self.largeTrace else { return .success([]) }
        var bytes: [UInt8] = []
        do throws(OutputFailure) {
            try forEachRecord(trace) { (record) throws(OutputFailure) in try append(record, labels: trace.labels.overridden(by: labels), to: &bytes) }
            return .success(bytes)
        } catch {
            return .failure(error)
        }
    }

    /// The trace's records written to `output` a chunk at a time, none held beyond its chunk.
    func stream(_ trace: TraceReport, to output: ByteOutput) -> Result<[UInt8], OutputFailure> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.chunkSize + 4096)
        let labels = trace.labels.overridden(by: labels)
        do throws(OutputFailure) {
            try forEachRecord(trace) { (record) throws(OutputFailure) in
                try append(record, labels: labels, to: &bytes)
                if bytes.count >= Self.chunkSize {
                    output.write(bytes: bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            return .success(bytes)
        } catch {
            return .failure(error)
        }
    }

    private static func recordCount(_ trace: TraceReport) -> Int {
        trace.findings.count + trace.verdicts.count + trace.metrics.count + trace.coverage.count + 1
    }

    /// Each record of the trace in order, made one at a time.
    private func forEachRecord(_ trace: TraceReport, _ body: ([String: Any]) throws(OutputFailure) -> Void) throws(OutputFailure) {
        for finding in trace.findings { try body(ReportJSON.finding(finding).merging(Self.trace(trace, type: "finding")) { $1 }) }
        for verdict in trace.verdicts { try body(ReportJSON.verdict(verdict).merging(Self.trace(trace, type: "verdict")) { $1 }) }
        for metrics in trace.metrics { try body(ReportJSON.metrics(metrics).merging(Self.trace(trace, type: "metrics")) { $1 }) }
        for coverage in trace.coverage { try body(ReportJSON.coverage(coverage).merging(Self.trace(trace, type: "coverage")) { $1 }) }
        var header = ReportJSON.traceHeader(trace)
        header["type"] = "trace"
        try body(header)
    }

    private func append(_ record: [String: Any], labels: [String: String], to bytes: inout [UInt8]) throws(OutputFailure) {
        var record = record
        if !labels.isEmpty { record["labels"] = labels }
        try text.append(record, pretty: false, to: &bytes)
        bytes.append(.newline)
    }

    /// One line per record, each with `labels` when there are any.
    func render(_ records: [[String: Any]], labels: [String: String]) -> Result<[UInt8], OutputFailure> {
        var bytes: [UInt8] = []
        do throws(OutputFailure) {
            for record in records { try append(record, labels: labels, to: &bytes) }
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
