import Foundation
import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// GitHub Actions workflow commands (`--format github`): each finding becomes an annotation on
/// its trace line (`::error file=...,line=...,title=...::message`), shown in the job's summary
/// and, for files in the repository, on the pull request's diff. Values are escaped as the
/// runner expects (`%`, CR and LF in messages; also `:` and `,` in properties), so a log line
/// cannot inject a command of its own.
public struct GitHubAnnotationsReporter: Reporter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func traceCompleted(_ trace: TraceReport) {
        if let error = trace.error {
            output.writeLine("::error file=\(Self.property(trace.path)),line=1,title=lifelint::\(Self.data(error))")
        }
        for finding in trace.findings {
            let level = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "notice"
            }
            var message = finding.message + "\n" + "\(finding.app) at \(finding.time.iso8601 ?? "an unknown time")"
            message += finding.related.map { "\n\($0.location): \($0.message)" }.joined()
            let properties = "file=\(Self.property(finding.location.path)),line=\(finding.location.line)"
                + (finding.location.column.map { ",col=\($0)" } ?? "") + ",title=\(Self.property("lifelint " + finding.ruleID))"
            output.writeLine("::\(level) \(properties)::\(Self.data(message))")
        }
    }

    public mutating func finish(_ run: RunReport) {}

    /// `%`, CR and LF percent-encoded as the runner decodes them; other control characters
    /// shown as text.
    static func data(_ text: String) -> String {
        Escaping.map(text) { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: Escaping.isControl(scalar) ? Escaping.code(scalar) : nil
            }
        }
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
