import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Checkstyle XML (`--format checkstyle`), read by Jenkins' warnings plugin, reviewdog, GitLab
/// and Android tooling: one `file` per trace, one `error` element per finding (its `severity`
/// is the finding's, its `source` `lifelint.<area>.<rule>`, which Jenkins' warnings plugin shows
/// as category and type; data-loss verdicts are `lifelint.persistence.data-loss-verdict`) and
/// one for a trace that could not be read (`lifelint.input`).
public struct CheckstyleReporter: Reporter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        output.writeLine(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        output.writeLine(#"<checkstyle version="4.3">"#)
        let areas = Dictionary(run.rules.map { ($0.id, $0.area.rawValue) }) { first, _ in first }
        for trace in run.traces {
            output.writeLine("  <file name=\"\(XMLText.escapedAttribute(trace.path))\">")
            if let error = trace.error {
                output.writeLine("    <error line=\"1\" severity=\"error\" message=\"\(XMLText.escapedAttribute(error))\" source=\"lifelint.input\"/>")
            }
            for finding in trace.results {
                var attributes = "line=\"\(finding.location.line)\""
                if let column = finding.location.column { attributes += " column=\"\(column)\"" }
                attributes += " severity=\"\(finding.severity.rawValue)\" message=\"\(XMLText.escapedAttribute(finding.message))\""
                let source = "lifelint." + (areas[finding.ruleID].map { $0 + "." } ?? "") + finding.ruleID
                attributes += " source=\"\(XMLText.escapedAttribute(source))\""
                output.writeLine("    <error \(attributes)/>")
            }
            output.writeLine("  </file>")
        }
        output.writeLine("</checkstyle>")
    }
}
