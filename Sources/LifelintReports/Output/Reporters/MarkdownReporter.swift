import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A Markdown summary (`--format markdown`) for a pull-request comment or
/// `$GITHUB_STEP_SUMMARY`: the counts, the data-loss verdicts, a table per rule, and the
/// results (findings, and data-loss verdicts as `data-loss-verdict`). Trace text is escaped for
/// tables (`|`, line breaks) and for HTML, since comments render inline HTML.
///
/// A step summary takes at most `PlatformLimits.stepSummaryBytes`: the verdicts (losses first)
/// and the results (most important first) fill what the budget allows, and a closing line says
/// how many were left out.
public struct MarkdownReporter: Reporter {
    private let output: ByteOutput
    private let byteBudget: Int

    public init(output: ByteOutput, byteBudget: Int = PlatformLimits.stepSummaryBytes) {
        self.output = output
        self.byteBudget = byteBudget
    }

    /// Lines kept while they fit in the budget, less room for the closing lines.
    private struct Page {
        static let closingRoom = 1_024
        var lines: [String] = []
        var bytes = 0
        let budget: Int

        mutating func add(_ line: String) -> Bool {
            let size = line.utf8.count + 1
            guard bytes + size <= budget - Self.closingRoom else { return false }
            lines.append(line)
            bytes += size
            return true
        }
    }

    public mutating func finish(_ run: RunReport) {
        var page = Page(budget: byteBudget)
        let readable = run.traces.filter { $0.summary != nil }.count
        _ = page.add("### lifelint: \(run.findingCounts) in \(readable) trace\(readable == 1 ? "" : "s")")
        _ = page.add("")
        var omittedErrors = 0
        let failed = run.traces.filter { $0.error != nil }
        for trace in failed {
            let error = trace.error ?? ""
            if !page.add("> **Error:** " + Self.cell(error.hasPrefix(trace.path) ? error : "\(trace.path): \(error)")) { omittedErrors += 1 }
        }
        if !failed.isEmpty { _ = page.add("") }
        if let baseline = run.baseline {
            _ = page.add(
                "\(baseline.suppressed) finding\(baseline.suppressed == 1 ? "" : "s") hidden by the baseline; \(baseline.staleCount) baseline entr\(baseline.staleCount == 1 ? "y" : "ies") no longer found."
            )
            _ = page.add("")
        }
        let omittedVerdicts = addVerdicts(run, to: &page)
        let omittedResults = addResults(run, to: &page)
        var closing = page.lines
        let omissions = [(omittedErrors, "unreadable trace"), (omittedVerdicts, "verdict"), (omittedResults, "result")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        if !omissions.isEmpty {
            closing.append("")
            closing.append(
                "**Not shown:** \(omissions.joined(separator: ", ")), the least severe last: a step summary holds at most "
                    + "\(Self.size(byteBudget)). `lifelint --format text` or the SARIF report lists them all.")
        }
        output.write(closing.joined(separator: "\n") + "\n")
    }

    /// The verdicts, losses first; how many did not fit.
    private func addVerdicts(_ run: RunReport, to page: inout Page) -> Int {
        let tones: [Verdict.Tone] = [.loss, .risk, .unknown, .safe]
        let verdicts = run.traces.flatMap(\.verdicts).enumerated()
            .sorted { (tones.firstIndex(of: $0.1.outcome.tone)!, $0.0) < (tones.firstIndex(of: $1.1.outcome.tone)!, $1.0) }.map(\.1)
        guard !verdicts.isEmpty else { return 0 }
        guard page.add("**What happened to the user's data** (each background entry a process death followed):"), page.add("") else {
            return verdicts.count
        }
        var shown = 0
        for verdict in verdicts {
            let mark = Self.mark(verdict.outcome.tone)
            guard
                page.add(
                    "- \(mark) \(Self.cell(verdict.location.description)): \(Self.cell(verdict.subject)): **\(Self.cell(verdict.outcome.headline))**. \(Self.cell(verdict.paragraph))"
                )
            else { break }
            shown += 1
        }
        _ = page.add("")
        return verdicts.count - shown
    }

    /// The table per rule, then the results, most important first; how many results did not fit.
    private func addResults(_ run: RunReport, to page: inout Page) -> Int {
        let results = ResultPriority.ranked(run.results)
        guard !results.isEmpty else { return 0 }
        _ = page.add("| severity | rule | results | summary |")
        _ = page.add("| --- | --- | ---: | --- |")
        let summaries = Dictionary(run.rules.map { ($0.id, $0.summary) }) { first, _ in first }
        // `results` is in priority order, so each rule's first result is its worst.
        var rows: [(id: String, worst: Severity, count: Int)] = []
        for result in results {
            if let row = rows.firstIndex(where: { $0.id == result.ruleID }) { rows[row].count += 1 } else { rows.append((result.ruleID, result.severity, 1)) }
        }
        for row in rows {
            _ = page.add("| \(Self.badge(row.worst)) | `\(row.id)` | \(row.count) | \(Self.cell(summaries[row.id] ?? "")) |")
        }
        _ = page.add("")
        let countLine = "<details><summary>\(results.count) result\(results.count == 1 ? "" : "s")</summary>"
        guard page.add(countLine), page.add(""), page.add("| severity | where | app | result |"), page.add("| --- | --- | --- | --- |") else {
            return results.count
        }
        var shown = 0
        for finding in results {
            guard
                page.add(
                    "| \(Self.badge(finding.severity)) | \(Self.cell(finding.location.description)) | \(Self.cell(finding.app)) | \(Self.cell(finding.message)) `\(finding.ruleID)` |"
                )
            else { break }
            shown += 1
        }
        page.lines.append("")
        page.lines.append("</details>")
        return results.count - shown
    }

    /// "1 MiB", "512 KiB".
    private static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : "\(bytes / 1_024) KiB"
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

    /// Text safe inside a table cell, and inert: HTML-escaped, pipes escaped, line breaks as
    /// `<br>`, other control characters shown as `\u202E`-style text; Markdown's link, image and emphasis syntax
    /// backslash-escaped; and a word joiner (U+2060, invisible) after every `@` and `#`, inside
    /// `://`, `www.` and `GH-`, and in every run of seven or more hex digits, so a trace's text
    /// cannot ping people, link or back-link an issue (`#123`, `owner/repo#1`, `GH-7`) or a
    /// commit, or become a live link in a pull request comment or step summary.
    static func cell(_ text: String) -> String {
        inertReferences(escapedCell(text))
    }

    /// A word joiner inside each run of seven to forty hex digits (a commit's short or full
    /// SHA, which GitHub links), after its fourth digit.
    private static let commitLike = try! NSRegularExpression(pattern: "(?<![0-9A-Za-z])([0-9A-Fa-f]{4})([0-9A-Fa-f]{3,36})(?![0-9A-Za-z])")

    private static func inertReferences(_ text: String) -> String {
        let joined = text.replacingOccurrences(of: "://", with: ":\u{2060}//")
            .replacingOccurrences(of: "www.", with: "www\u{2060}.", options: .caseInsensitive)
            .replacingOccurrences(of: "GH-", with: "GH\u{2060}-", options: .caseInsensitive)
        return commitLike.stringByReplacingMatches(in: joined, range: NSRange(joined.startIndex..., in: joined), withTemplate: "$1\u{2060}$2")
    }

    private static func escapedCell(_ text: String) -> String {
        Escaping.map(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "|": "\\|"
            case "`": "&#96;"
            case "[", "]", "*", "_", "~", "\\": "\\" + String(scalar)
            case "@": "@\u{2060}"
            case "#": "#\u{2060}"
            case "\n": "<br>"
            default: Escaping.isControl(scalar) ? Escaping.code(scalar) : nil
            }
        }
    }
}
