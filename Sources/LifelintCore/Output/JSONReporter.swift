import Foundation

/// The whole run as one JSON document (`--format json`), versioned and documented in
/// `docs/schema/report.schema.json`. Dashboards read it; keep changes additive and bump
/// `schemaVersion` when a field changes meaning.
public enum JSONReporter {
    public static let schemaVersion = 1

    public struct TraceResult: Sendable {
        public var path: String
        public var summary: IngestionSummary?
        public var error: String?

        public init(path: String, summary: IngestionSummary?, error: String?) {
            self.path = path
            self.summary = summary
            self.error = error
        }
    }

    public static func document(traces: [TraceResult], findings: [Finding]) -> [String: Any] {
        var summary: [String: Int] = [:]
        for severity in Severity.allCases { summary[severity.rawValue] = findings.filter { $0.severity == severity }.count }
        return [
            "schemaVersion": schemaVersion,
            "tool": ["name": "lifelint", "version": LifelintCommand.version],
            "traces": traces.map(trace),
            "findings": findings.map(finding),
            "summary": summary,
        ]
    }

    public static func write(traces: [TraceResult], findings: [Finding], to output: ByteOutput) {
        let data = try! JSONSerialization.data(withJSONObject: document(traces: traces, findings: findings), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        output.write(bytes: data)
        output.write(byte: .newline)
    }

    private static func trace(_ result: TraceResult) -> [String: Any] {
        var object: [String: Any] = ["path": result.path, "error": result.error ?? NSNull()]
        if let summary = result.summary {
            object["format"] = summary.format
            object["stats"] = [
                "bytes": summary.bytes, "lines": summary.lines, "events": summary.events, "eventLines": summary.eventLines,
                "logLines": summary.logLines, "structuralLines": summary.structuralLines,
                "continuationLines": summary.continuationLines, "unrecognisedLines": summary.unrecognisedLines,
            ]
        }
        return object
    }

    private static func finding(_ finding: Finding) -> [String: Any] {
        [
            "rule": finding.ruleID,
            "severity": finding.severity.rawValue,
            "message": finding.message,
            "app": finding.app,
            "platform": finding.platform.rawValue,
            "time": finding.time.iso8601 ?? NSNull(),
            "clock": finding.time.clock.rawValue,
            "location": location(finding.location),
            "related": finding.related.map { ["location": location($0.location), "message": $0.message] },
            "fingerprint": finding.fingerprint,
        ]
    }

    private static func location(_ location: SourceLocation) -> [String: Any] {
        var object: [String: Any] = ["path": location.path, "line": location.line]
        if let column = location.column { object["column"] = column }
        return object
    }
}
