import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// GitLab Code Quality (`--format gitlab`): the CodeClimate issue format GitLab reads from a
/// job's `artifacts:reports:codequality` and shows in merge requests. One issue per result
/// (findings and data-loss verdicts), with a fingerprint unique to the result's place, since
/// GitLab keeps one issue per fingerprint.
public struct GitLabCodeQualityReporter: Reporter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        let issues = run.results.map(Self.issue) + run.traces.compactMap(Self.unreadable)
        ReportJSON.write(issues, pretty: true, to: output)
    }

    private static func issue(_ finding: Finding) -> [String: Any] {
        let severity =
            switch finding.severity {
            case .error: finding.isVerdict ? "blocker" : "critical"
            case .warning: "major"
            case .info: "info"
            }
        return [
            "type": "issue",
            "check_name": finding.ruleID,
            "description": finding.message,
            "categories": ["Bug Risk"],
            "severity": severity,
            "fingerprint": Fingerprint.make([finding.fingerprint, finding.location.path, String(finding.location.line)]),
            "location": ["path": path(finding.location.path), "lines": ["begin": max(finding.location.line, 1)]],
        ]
    }

    private static func unreadable(_ trace: TraceReport) -> [String: Any]? {
        guard let error = trace.error else { return nil }
        return [
            "type": "issue", "check_name": "lifelint-input", "description": error, "categories": ["Bug Risk"], "severity": "critical",
            "fingerprint": Fingerprint.make(["lifelint-input", trace.path]),
            "location": ["path": path(trace.path), "lines": ["begin": 1]],
        ]
    }

    /// GitLab links paths relative to the repository: no `./`.
    private static func path(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }
}
