import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The JSON shapes of findings, traces and metrics, shared by the `json` and `jsonl` reports
/// (one schema, `docs/schema/report.schema.json`).
enum ReportJSON {
    static func finding(_ finding: Finding) -> [String: Any] {
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

    static func verdict(_ verdict: Verdict) -> [String: Any] {
        [
            "app": verdict.app,
            "pid": verdict.pid.map { Int($0) as Any } ?? NSNull(),
            "platform": verdict.platform.rawValue,
            "outcome": verdict.outcome.rawValue,
            "headline": verdict.outcome.headline,
            "time": verdict.time.iso8601 ?? NSNull(),
            "location": location(verdict.location),
            "text": verdict.paragraph,
            "claims": claims(verdict.claims),
        ]
    }

    private static func claims(_ claims: [Verdict.Claim]) -> [[String: Any]] {
        claims.map { claim in ["text": claim.text, "location": claim.location.map(location) ?? NSNull()] }
    }

    static func location(_ location: SourceLocation) -> [String: Any] {
        var object: [String: Any] = ["path": location.path, "line": location.line]
        if let column = location.column { object["column"] = column }
        if let byteOffset = location.byteOffset { object["byte_offset"] = byteOffset }
        return object
    }

    /// A trace without its apps' metrics and coverage (which reports write one by one).
    static func traceHeader(_ trace: TraceReport) -> [String: Any] {
        var object: [String: Any] = ["path": trace.path, "error": trace.error ?? NSNull()]
        if let sha256 = trace.sha256 { object["sha256"] = sha256 }
        if !trace.labels.isEmpty { object["labels"] = trace.labels.values }
        if let summary = trace.summary {
            object["format"] = summary.format
            object["stats"] = [
                "bytes": summary.bytes, "lines": summary.lines, "events": summary.events, "eventLines": summary.eventLines,
                "logLines": summary.logLines, "structuralLines": summary.structuralLines,
                "continuationLines": summary.continuationLines, "unrecognisedLines": summary.unrecognisedLines,
                "unnamedProcesses": summary.unnamedProcesses,
            ]
            object["yearSource"] = summary.yearSource?.rawValue ?? NSNull()
        }
        if !trace.notes.isEmpty { object["notes"] = trace.notes.map(\.description) }
        if !trace.tests.isEmpty { object["tests"] = trace.tests.map(test) }
        if !trace.expectations.isEmpty { object["expectations"] = trace.expectations.map(expectation) }
        return object
    }

    static func test(_ test: InstrumentedTest) -> [String: Any] {
        var object: [String: Any] = [
            "name": test.name, "class": test.className, "process": test.process, "outcome": test.outcome ?? NSNull(),
            "start": test.start.iso8601 ?? NSNull(), "location": location(test.location),
        ]
        if let end = test.endLocation { object["endLocation"] = location(end) }
        if !test.expectations.isEmpty { object["expectations"] = test.expectations.map(expectation) }
        return object
    }

    static func expectation(_ result: ExpectationResult) -> [String: Any] {
        [
            "expectation": result.expectation.rawValue, "outcome": result.outcome.rawValue, "app": result.app ?? NSNull(),
            "location": location(result.location), "text": result.paragraph, "claims": claims(result.claims),
        ]
    }

    static func coverage(_ coverage: RuleCoverage) -> [String: Any] {
        var object: [String: Any] = [
            "rule": coverage.rule, "needs": coverage.needs, "evaluated": coverage.evaluated, "partial": coverage.partial,
            "notEvaluated": coverage.notEvaluated,
        ]
        if coverage.contains(.partial) || coverage.contains(.notEvaluated) { object["reason"] = coverage.reason }
        return object
    }

    static func metrics(_ metrics: AppMetrics) -> [String: Any] {
        [
            "app": metrics.app,
            "platform": metrics.platform.rawValue,
            "backgroundEntries": metrics.backgroundEntries,
            "backgroundMs": metrics.backgroundMilliseconds,
            "processDeaths": metrics.processDeaths,
            "deathsByProcess": metrics.deathsByProcess,
            "coldStarts": ["count": metrics.coldStarts, "restored": metrics.coldStartsRestored],
            "savesAfterBackground": durations(metrics.savesAfterBackground),
            "resyncAfterForeground": durations(metrics.resyncAfterForeground).merging(["missing": metrics.foregroundReturnsWithoutResync]) { $1 },
            "backgroundTasks": ["begun": metrics.backgroundTasksBegun, "ended": metrics.backgroundTasksEnded, "expired": metrics.backgroundTasksExpired],
        ]
    }

    private static func durations(_ statistics: DurationStatistics) -> [String: Any] {
        [
            "count": statistics.count,
            "p50Ms": statistics.p50.map { $0 as Any } ?? NSNull(),
            "p95Ms": statistics.p95.map { $0 as Any } ?? NSNull(),
            "maxMs": statistics.maximum.map { $0 as Any } ?? NSNull(),
            "durationsMs": statistics.samples,
        ]
    }

    static func summary(_ run: RunReport) -> [String: Int] {
        var summary: [String: Int] = [:]
        for severity in Severity.allCases { summary[severity.rawValue] = run.count(severity) }
        return summary
    }

    static func baseline(_ outcome: BaselineOutcome) -> [String: Any] {
        [
            "path": outcome.path,
            "suppressed": outcome.suppressed,
            "stale": outcome.stale.map { ["fingerprint": $0.fingerprint, "rule": $0.rule, "app": $0.app, "message": $0.message, "count": $0.count] },
        ]
    }

    /// Serialises with sorted keys, so reports are stable byte for byte (`JSONText`).
    static func data(_ object: Any, pretty: Bool, text: JSONText = JSONText()) throws(OutputFailure) -> Data {
        var bytes: [UInt8] = []
        try text.append(object, pretty: pretty, to: &bytes)
        return Data(bytes)
    }

    /// Writes one JSON value and a line break; a value that cannot be serialised fails the
    /// output instead of writing a stand-in. A reporter writing many values passes its own
    /// `text`, which remembers the order of the keys it has seen.
    static func write(_ object: Any, pretty: Bool, to output: ByteOutput, text: JSONText = JSONText()) {
        var bytes: [UInt8] = []
        do throws(OutputFailure) {
            try text.append(object, pretty: pretty, to: &bytes)
            bytes.append(.newline)
            output.write(bytes: bytes)
        } catch {
            output.fail(error)
        }
    }
}
