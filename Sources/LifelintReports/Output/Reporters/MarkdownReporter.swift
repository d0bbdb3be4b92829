import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// A Markdown summary (`--format markdown`) for a pull-request comment or
/// `$GITHUB_STEP_SUMMARY`: the counts, the data-loss verdicts, a table per rule, and the
/// findings. Trace text is escaped for tables (`|`, line breaks) and for HTML, since comments
/// render inline HTML.
public struct MarkdownReporter: Reporter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        let readable = run.traces.filter { $0.summary != nil }.count
        output.writeLine("### lifelint: \(run.findingCounts) in \(readable) trace\(readable == 1 ? "" : "s")")
        output.writeLine("")
        let failed = run.traces.filter { $0.error != nil }
        for trace in failed {
            let error = trace.error ?? ""
            output.writeLine("> **Error:** " + Self.cell(error.hasPrefix(trace.path) ? error : "\(trace.path): \(error)"))
        }
        if !failed.isEmpty { output.writeLine("") }
        if let baseline = run.baseline {
            output.writeLine("\(baseline.suppressed) finding\(baseline.suppressed == 1 ? "" : "s") hidden by the baseline; \(baseline.staleCount) baseline entr\(baseline.staleCount == 1 ? "y" : "ies") no longer found.")
            output.writeLine("")
        }
        let verdicts = run.traces.flatMap(\.verdicts)
        if !verdicts.isEmpty {
            output.writeLine("**What happened to the user's data** (each background entry a process death followed):")
            output.writeLine("")
            for verdict in verdicts {
                let mark = Self.mark(verdict.outcome.tone)
                output.writeLine("- \(mark) \(Self.cell(verdict.location.description)): \(Self.cell(verdict.subject)): **\(Self.cell(verdict.outcome.headline))**. \(Self.cell(verdict.paragraph))")
            }
            output.writeLine("")
        }
        let findings = run.findings
        guard !findings.isEmpty else { return }
        output.writeLine("| severity | rule | findings | summary |")
        output.writeLine("| --- | --- | ---: | --- |")
        for rule in run.rules {
            let matching = findings.filter { $0.ruleID == rule.id }
            guard let worst = matching.map(\.severity).max() else { continue }
            output.writeLine("| \(Self.badge(worst)) | `\(rule.id)` | \(matching.count) | \(Self.cell(rule.summary)) |")
        }
        output.writeLine("")
        output.writeLine("<details><summary>\(findings.count) finding\(findings.count == 1 ? "" : "s")</summary>")
        output.writeLine("")
        output.writeLine("| severity | where | app | finding |")
        output.writeLine("| --- | --- | --- | --- |")
        for finding in findings {
            output.writeLine("| \(Self.badge(finding.severity)) | \(Self.cell(finding.location.description)) | \(Self.cell(finding.app)) | \(Self.cell(finding.message)) `\(finding.ruleID)` |")
        }
        output.writeLine("")
        output.writeLine("</details>")
    }

    private static func mark(_ tone: Verdict.Tone) -> String {
        switch tone {
        case .loss: "🔴"
        case .risk: "🟡"
        case .safe: "🟢"
        case .unknown: "⚪"
        }
    }

    private static func badge(_ severity: Severity) -> String {
        switch severity {
        case .error: "🔴 error"
        case .warning: "🟡 warning"
        case .info: "🔵 info"
        }
    }

    /// Text safe inside a table cell: HTML-escaped, pipes escaped, line breaks as `<br>`,
    /// other control characters dropped.
    static func cell(_ text: String) -> String {
        Escaping.map(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "|": "\\|"
            case "`": "&#96;"
            case "\n": "<br>"
            default: Escaping.isControl(scalar) ? "" : nil
            }
        }
    }
}
