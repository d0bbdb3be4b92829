/// Findings as compiler-style diagnostics, one block per finding:
///
///     trace.log:28: error: com.example.notes went to the background with unsaved input ... [no-save-at-background]
///         com.example.notes at 2024-01-08T09:15:42.305
///         trace.log:23: note: the user's input, not yet saved
///
/// Coloured on a terminal unless `NO_COLOR` is set; plain when piped.
public struct TextReporter {
    private let output: ByteOutput
    private let colors: Bool

    public init(output: ByteOutput, colors: Bool) {
        self.output = output
        self.colors = colors
    }

    public func write(_ finding: Finding) {
        let label = paint(finding.severity.rawValue, Self.color(of: finding.severity), bold: true)
        output.writeLine("\(paint(finding.location.description + ":", nil, bold: true)) \(label): \(finding.message) \(paint("[\(finding.ruleID)]", "2", bold: false))")
        output.writeLine("    \(finding.app) at \(finding.time.iso8601 ?? "an unknown time")")
        for related in finding.related {
            output.writeLine("    \(related.location): \(paint("note", "36", bold: false)): \(related.message)")
        }
    }

    public func writeInputError(_ message: String) {
        output.writeLine("\(paint("error", "31", bold: true)): \(message)")
    }

    public func writeSummary(findings: [Finding], traces: [IngestionSummary], failedInputs: Int) {
        let counts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        var sizes: [String] = []
        for unit in ["lines", "records"] {
            let matching = traces.filter { $0.unit == unit }
            if !matching.isEmpty { sizes.append("\(matching.reduce(0) { $0 + $1.lines }) \(unit)") }
        }
        sizes.append("\(traces.reduce(0) { $0 + $1.events }) events")
        var text = counts.isEmpty ? "no findings" : counts.joined(separator: ", ")
        text += " in \(traces.count) trace\(traces.count == 1 ? "" : "s") (\(sizes.joined(separator: ", ")))"
        if failedInputs > 0 { text += "; \(failedInputs) input\(failedInputs == 1 ? "" : "s") with errors (see above)" }
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
        guard colors else { return text }
        let codes = ([bold ? "1" : nil, color].compactMap { $0 }).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}
