import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// Checkstyle XML (`--format checkstyle`), read by Jenkins' warnings plugin, reviewdog, GitLab
/// and Android tooling: one `file` per trace, one `error` element per finding (its `severity`
/// is the finding's; data-loss verdicts are `lifelint.data-loss-verdict`) and one for a trace
/// that could not be read.
public struct CheckstyleReporter: Reporter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        output.writeLine(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        output.writeLine(#"<checkstyle version="4.3">"#)
        for trace in run.traces {
            output.writeLine("  <file name=\"\(XMLText.escapedAttribute(trace.path))\">")
            if let error = trace.error {
                output.writeLine("    <error line=\"1\" severity=\"error\" message=\"\(XMLText.escapedAttribute(error))\" source=\"lifelint.input\"/>")
            }
            for finding in trace.results {
                var attributes = "line=\"\(finding.location.line)\""
                if let column = finding.location.column { attributes += " column=\"\(column)\"" }
                attributes += " severity=\"\(finding.severity.rawValue)\" message=\"\(XMLText.escapedAttribute(finding.message))\""
                attributes += " source=\"lifelint.\(XMLText.escapedAttribute(finding.ruleID))\""
                output.writeLine("    <error \(attributes)/>")
            }
            output.writeLine("  </file>")
        }
        output.writeLine("</checkstyle>")
    }
}
