import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

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
    /// What the closing lines say of every trace, gathered as each is reported.
    private var coverage = CoverageTally()
    private var readTraces = 0
    private var lines: [String: Int] = [:]
    private var events = 0

    public init(output: ByteOutput, colors: Bool, quiet: Bool = false) {
        self.output = output
        style = TerminalStyle(colors: colors)
        self.quiet = quiet
    }

    public mutating func traceCompleted(_ trace: TraceReport) {
        trace.findings.forEach(write)
        trace.verdicts.forEach(write)
        for test in trace.tests {
            test.expectations.forEach { write($0, test: test) }
        }
        trace.expectations.forEach { write($0, test: nil) }
        coverage.add(trace.coverage)
        guard let summary = trace.summary else { return }
        readTraces += 1
        lines[summary.unit, default: 0] += summary.lines
        events += summary.events
    }

    /// The closing lines need the counts gathered in `traceCompleted` and the run's tally.
    public var readsTraceDetailsAtFinish: Bool { false }

    /// `trace.log:28: verdict: com.example.notes (pid 4242): the user's input was lost`, then
    /// the explanation.
    public func write(_ verdict: Verdict) {
        let color = verdict.outcome.isLoss ? "31" : verdict.outcome == .savedLate ? "33" : "32"
        let subject = TerminalText.sanitized(verdict.subject)
        output.writeLine(
            "\(paint(TerminalText.sanitized(verdict.location.description) + ":", nil, bold: true)) \(paint("verdict", color, bold: true)): \(subject): \(verdict.outcome.headline)")
        output.writeLine("    " + TerminalText.sanitized(verdict.paragraph))
    }

    /// `trace.log:2: expectation failed: killed-in-background: com.example.notes in FooTest#testX`,
    /// then the claims it rests on.
    public func write(_ result: ExpectationResult, test: InstrumentedTest?) {
        let color = result.outcome == .passed ? "32" : result.outcome == .failed ? "31" : "33"
        let outcome = result.outcomeText
        var subject = result.app ?? "no app"
        if let test { subject += " in \(test.className.split(separator: ".").last ?? "")#\(test.name)" }
        output.writeLine(
            "\(paint(TerminalText.sanitized(result.location.description) + ":", nil, bold: true)) \(paint("expectation \(outcome)", color, bold: true)): "
                + "\(result.expectation.rawValue): \(TerminalText.sanitized(subject))")
        output.writeLine("    " + TerminalText.sanitized(result.paragraph))
    }

    public func write(_ finding: Finding) {
        let label = paint(finding.severity.rawValue, Self.color(of: finding.severity), bold: true)
        let location = paint(TerminalText.sanitized(finding.location.description) + ":", nil, bold: true)
        output.writeLine("\(location) \(label): \(TerminalText.sanitized(finding.message)) \(paint("[\(finding.ruleID)]", "2", bold: false))")
        output.writeLine("    \(TerminalText.sanitized(finding.app)) at \(finding.time.readable)")
        for related in finding.related {
            output.writeLine("    \(TerminalText.sanitized(related.location.description)): \(paint("note", "36", bold: false)): \(TerminalText.sanitized(related.message))")
        }
    }

    public mutating func finish(_ run: RunReport) {
        guard !quiet else { return }
        if let baseline = run.baseline {
            for entry in baseline.stale {
                output.writeLine(
                    "\(baseline.path): \(paint("note", "36", bold: false)): baseline entry no longer found: [\(entry.rule)] \(entry.app): \(entry.message)\(entry.count > 1 ? " (×\(entry.count))" : "")"
                )
            }
        }
        if let note = coverage.note { output.writeLine("lifelint: \(paint("note", "36", bold: false)): \(note)") }
        var sizes = ["lines", "records"].compactMap { unit in lines[unit].map { "\($0) \(unit)" } }
        sizes.append("\(events) events")
        var text = run.findingCounts
        text += " in \(readTraces) trace\(readTraces == 1 ? "" : "s") (\(sizes.joined(separator: ", ")))"
        if let baseline = run.baseline {
            text += "; \(baseline.suppressed) baselined"
            if !baseline.stale.isEmpty { text += ", \(baseline.staleCount) baseline entr\(baseline.staleCount == 1 ? "y" : "ies") no longer found" }
        }
        let failed = run.failedTraces
        if failed > 0 { text += "; \(failed) input\(failed == 1 ? "" : "s") with errors (see above)" }
        output.writeLine("lifelint: " + text)
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
