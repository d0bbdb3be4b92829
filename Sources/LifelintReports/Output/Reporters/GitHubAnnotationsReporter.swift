import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// GitHub Actions workflow commands (`--format github`): each result becomes an annotation on
/// its trace line (`::error file=...,line=...,title=...::message`), shown in the job's summary
/// and, for files in the repository, on the pull request's diff. Values are escaped as the
/// runner expects (`%`, CR and LF in messages; also `:` and `,` in properties), so a log line
/// cannot inject a command of its own.
///
/// GitHub shows `PlatformLimits.annotationsPerLevel` annotations of each level per step and
/// drops the rest silently, so the reporter annotates the most important ones (unreadable
/// traces, then by `ResultPriority`), lists the others in a collapsed group of the step's log,
/// and ends with a notice saying how many there were.
public struct GitHubAnnotationsReporter: Reporter {
    private let output: ByteOutput
    private let annotationsPerLevel: Int

    public init(output: ByteOutput, annotationsPerLevel: Int = PlatformLimits.annotationsPerLevel) {
        self.output = output
        self.annotationsPerLevel = annotationsPerLevel
    }

    private struct Annotation {
        var level: String
        var properties: String
        var message: String
        /// How the log lists it when it is not annotated.
        var listing: String
    }

    public mutating func finish(_ run: RunReport) {
        let results = ResultPriority.ranked(run.results)
        let annotations = run.traces.compactMap(Self.unreadable) + results.map(Self.annotation)
        let levels = ["error", "warning", "notice"]
        let total = Dictionary(grouping: annotations, by: \.level)
        let overflows = levels.contains { (total[$0]?.count ?? 0) > annotationsPerLevel }
        var omitted: [Annotation] = []
        for level in levels {
            let all = total[level] ?? []
            let room = level == "notice" && overflows ? max(annotationsPerLevel - 1, 0) : annotationsPerLevel
            for annotation in all.prefix(room) { output.writeLine("::\(level) \(annotation.properties)::\(Self.data(annotation.message))") }
            omitted += all.dropFirst(room)
        }
        guard !omitted.isEmpty else { return }
        let counts = levels.compactMap { level -> String? in
            let count = omitted.filter { $0.level == level }.count
            return count == 0 ? nil : "\(count) \(level)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ")
        let title = "lifelint: \(omitted.count) more result\(omitted.count == 1 ? "" : "s") (\(counts))"
        output.writeLine("::group::\(Self.data(title))")
        for annotation in omitted { output.writeLine("- " + annotation.listing) }
        output.writeLine("::endgroup::")
        let note =
            "\(omitted.count) more result\(omitted.count == 1 ? " is" : "s are") not annotated (\(counts)): GitHub shows "
            + "\(annotationsPerLevel) annotations of each level per step. They are listed in this step's log under '\(title)'; "
            + "upload '--format sarif' to code scanning to see them all."
        output.writeLine("::notice title=lifelint::\(Self.data(note))")
    }

    private static func unreadable(_ trace: TraceReport) -> Annotation? {
        guard let error = trace.error else { return nil }
        return Annotation(
            level: "error", properties: "file=\(property(trace.path)),line=1,title=lifelint", message: error,
            listing: TerminalText.sanitized("\(trace.path): error: \(error)"))
    }

    private static func annotation(_ finding: Finding) -> Annotation {
        let level =
            switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "notice"
            }
        var message = finding.message + "\n" + "\(finding.app) at \(finding.time.readable)"
        message += finding.related.map { "\n\($0.location): \($0.message)" }.joined()
        let properties =
            "file=\(property(finding.location.path)),line=\(finding.location.line)"
            + (finding.location.column.map { ",col=\($0)" } ?? "") + ",title=\(property("lifelint " + finding.ruleID))"
        let listing = TerminalText.sanitized("\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]")
        return Annotation(level: level, properties: properties, message: message, listing: listing)
    }

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
