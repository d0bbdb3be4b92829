import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Findings and verdicts written one at a time as a live stream decides them (`lifelint
/// watch`): the text format's block, or one JSON Lines `finding` or `verdict` record (the fields
/// of `--format jsonl`'s), each flushed at once so a harness reading the pipe sees it then.
public struct LiveReporter {
    public enum Format: Sendable {
        case text(colors: Bool)
        case jsonLines
    }

    private let output: ByteOutput
    private let format: Format
    private let trace: String
    private let records = JSONLinesRendering(labels: [:])

    public init(output: ByteOutput, format: Format, trace: String) {
        self.output = output
        self.format = format
        self.trace = trace
    }

    public func write(_ finding: Finding) {
        write(ReportJSON.finding(finding), type: "finding") { $0.write(finding) }
    }

    /// A verdict, as the text format or a JSON Lines `verdict` record writes it.
    public func write(_ verdict: Verdict) {
        write(ReportJSON.verdict(verdict), type: "verdict") { $0.write(verdict) }
    }

    private func write(_ record: [String: Any], type: String, asText: (TextReporter) -> Void) {
        switch format {
        case .text(let colors):
            asText(TextReporter(output: output, colors: colors))
        case .jsonLines:
            var record = record
            record["type"] = type
            record["trace"] = trace
            write(records.render([record], labels: [:]))
        }
        output.flush()
    }

    /// The closing line: how many findings from how many events, and why the watch ended.
    public func writeSummary(findings: Int, events: Int, ended reason: String) {
        switch format {
        case .text:
            output.writeLine("lifelint: \(findings) finding\(findings == 1 ? "" : "s") from \(events) events; \(reason)")
        case .jsonLines:
            let record: [String: Any] = ["type": "summary", "trace": trace, "findings": findings, "events": events, "ended": reason]
            write(records.render([record], labels: [:]))
        }
        output.flush()
    }

    private func write(_ rendered: Result<[UInt8], OutputFailure>) {
        switch rendered {
        case .success(let bytes): output.write(bytes: bytes)
        case .failure(let failure): output.fail(failure)
        }
    }
}
