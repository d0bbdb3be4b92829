import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// Findings as compiler-style diagnostics, one block per finding:
///
///     trace.log:28: error: com.example.notes went to the background with unsaved input ... [no-save-at-background]
///         com.example.notes at 2024-01-08T09:15:42.305
///         trace.log:23: note: the user's input, not yet saved
///
/// Coloured on a terminal unless `NO_COLOR` is set; plain when piped.
public struct TextReporter: Reporter {
    private let output: ByteOutput
    private let style: TerminalStyle
    private let quiet: Bool

    public init(output: ByteOutput, colors: Bool, quiet: Bool = false) {
        self.output = output
        style = TerminalStyle(colors: colors)
        self.quiet = quiet
    }

    public mutating func traceCompleted(_ trace: TraceReport) {
        trace.findings.forEach(write)
        trace.verdicts.forEach(write)
    }

    /// `trace.log:28: verdict: com.example.notes (pid 4242): the user's input was lost`, then
    /// the explanation.
    public func write(_ verdict: Verdict) {
        let color = verdict.outcome.isLoss ? "31" : verdict.outcome == .savedLate ? "33" : "32"
        let subject = TerminalText.sanitized(verdict.subject)
        output.writeLine("\(paint(TerminalText.sanitized(verdict.location.description) + ":", nil, bold: true)) \(paint("verdict", color, bold: true)): \(subject): \(verdict.outcome.headline)")
        output.writeLine("    " + TerminalText.sanitized(verdict.paragraph))
    }

    public func write(_ finding: Finding) {
        let label = paint(finding.severity.rawValue, Self.color(of: finding.severity), bold: true)
        let location = paint(TerminalText.sanitized(finding.location.description) + ":", nil, bold: true)
        output.writeLine("\(location) \(label): \(TerminalText.sanitized(finding.message)) \(paint("[\(finding.ruleID)]", "2", bold: false))")
        output.writeLine("    \(TerminalText.sanitized(finding.app)) at \(finding.time.iso8601 ?? "an unknown time")")
        for related in finding.related {
            output.writeLine("    \(TerminalText.sanitized(related.location.description)): \(paint("note", "36", bold: false)): \(TerminalText.sanitized(related.message))")
        }
    }

    public mutating func finish(_ run: RunReport) {
        guard !quiet else { return }
        if let baseline = run.baseline {
            for entry in baseline.stale {
                output.writeLine("\(baseline.path): \(paint("note", "36", bold: false)): baseline entry no longer found: [\(entry.rule)] \(entry.app): \(entry.message)\(entry.count > 1 ? " (×\(entry.count))" : "")")
            }
        }
        if let note = Self.coverageNote(run) { output.writeLine("lifelint: \(paint("note", "36", bold: false)): \(note)") }
        let summaries = run.traces.compactMap(\.summary)
        var sizes: [String] = []
        for unit in ["lines", "records"] {
            let matching = summaries.filter { $0.unit == unit }
            if !matching.isEmpty { sizes.append("\(matching.reduce(0) { $0 + $1.lines }) \(unit)") }
        }
        sizes.append("\(summaries.reduce(0) { $0 + $1.events }) events")
        var text = run.findingCounts
        text += " in \(summaries.count) trace\(summaries.count == 1 ? "" : "s") (\(sizes.joined(separator: ", ")))"
        if let baseline = run.baseline {
            text += "; \(baseline.suppressed) baselined"
            if !baseline.stale.isEmpty { text += ", \(baseline.staleCount) baseline entr\(baseline.staleCount == 1 ? "y" : "ies") no longer found" }
        }
        let failed = run.failedTraces
        if failed > 0 { text += "; \(failed) input\(failed == 1 ? "" : "s") with errors (see above)" }
        output.writeLine("lifelint: " + text)
    }

    /// One line for the run: the rules no app of any trace gave the evidence for (and those
    /// evaluated only on the platform's own evidence), and what that evidence is. Nil when every
    /// rule was evaluated in full somewhere, or no trace had apps.
    static func coverageNote(_ run: RunReport) -> String? {
        let coverages = run.traces.flatMap(\.coverage)
        guard coverages.contains(where: { !$0.states.isEmpty }) else { return nil }
        let rules = Set(coverages.map(\.rule))
        let evaluated = Set(coverages.filter { $0.contains(.evaluated) }.map(\.rule))
        let partly = Set(coverages.filter { $0.contains(.partial) }.map(\.rule)).subtracting(evaluated)
        let missing = coverages.filter { !evaluated.contains($0.rule) }
        guard !missing.isEmpty else { return nil }
        var needs: [String] = []
        for need in missing.flatMap(\.needs) where !needs.contains(need) { needs.append(need) }
        let listed = needs.prefix(6).joined(separator: ", ") + (needs.count > 6 ? ", …" : "")
        let unevaluated = rules.count - evaluated.count - partly.count
        let counts = partly.isEmpty ? "\(unevaluated) of \(rules.count) rules not evaluated"
            : "\(unevaluated) of \(rules.count) rules not evaluated and \(partly.count) only on the platform's own evidence"
        return "\(counts): no app reported \(listed) (instrument the app or add a mapping; --format json lists the coverage per app)"
    }

    private static func color(of severity: Severity) -> String {
        switch severity {
        case .error: "31"
        case .warning: "33"
        case .info: "36"
        }
    }

    private func paint(_ text: String, _ color: String?, bold: Bool) -> String {
        style.paint(text, color, bold: bold)
    }
}
