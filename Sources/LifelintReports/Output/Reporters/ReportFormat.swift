import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The output formats of `lifelint analyze` (`--format`, `--output FORMAT=PATH`).
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Compiler-style diagnostics.
    case text
    /// One JSON document (`docs/schema/report.schema.json`).
    case json
    /// One JSON object per line: each finding as it is found, each app's metrics, a summary.
    case jsonl
    /// SARIF 2.1.0, for code-scanning dashboards.
    case sarif
    /// JUnit XML: one test case per rule per trace.
    case junit
    /// Checkstyle XML.
    case checkstyle
    /// GitLab Code Quality (CodeClimate JSON issues).
    case gitlab
    /// GitHub Actions workflow commands (`::error file=...,line=...::`).
    case github
    /// A Markdown summary for a pull-request comment or a job summary.
    case markdown
    /// One self-contained HTML page: timeline swimlanes, verdicts, findings.
    case html

    /// Whether the format draws the timeline (which the analysis then keeps).
    public var needsTimeline: Bool { self == .html }

    /// Whether the format writes each app's lifecycle metrics (which the analysis then computes).
    public var writesMetrics: Bool { self == .json || self == .jsonl }

    public func makeReporter(output: ByteOutput, options: ReporterOptions = ReporterOptions()) -> any Reporter {
        switch self {
        case .text: TextReporter(output: output, colors: options.colors, quiet: options.quiet)
        case .json: JSONReporter(output: output, labels: options.labels)
        case .jsonl: JSONLinesReporter(output: output, labels: options.labels)
        case .sarif: SARIFReporter(output: output)
        case .junit: JUnitReporter(output: output, onlyFailures: options.junitOnlyFailures)
        case .checkstyle: CheckstyleReporter(output: output)
        case .gitlab: GitLabCodeQualityReporter(output: output)
        case .github: GitHubAnnotationsReporter(output: output, annotationsPerLevel: options.annotationsPerLevel)
        case .markdown: MarkdownReporter(output: output)
        case .html: HTMLReporter(output: output)
        }
    }
}
