import Foundation
import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// SARIF 2.1.0 (`--format sarif`), the format of GitHub code scanning and other dashboards:
/// one run whose driver lists every rule that ran (id, summary, rationale, fix, reference URI,
/// default level), one result per finding with its trace location, related locations and a
/// stable partial fingerprint, and an invocation that records the traces that could not be read.
public struct SARIFReporter: Reporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        ReportJSON.write(Self.document(run), pretty: true, to: output)
    }

    public static func document(_ run: RunReport) -> [String: Any] {
        let ruleIndex = Dictionary(uniqueKeysWithValues: run.rules.enumerated().map { ($1.id, $0) })
        let driver: [String: Any] = [
            "name": "lifelint",
            "version": LifelintVersion.current,
            "semanticVersion": LifelintVersion.current,
            "rules": run.rules.map(descriptor),
        ]
        let notifications: [[String: Any]] = run.traces.filter { $0.error != nil }.map { trace in
            [
                "level": "error",
                "message": ["text": trace.error ?? ""],
                "locations": [["physicalLocation": ["artifactLocation": ["uri": uri(trace.path)]]]],
            ]
        }
        let sarifRun: [String: Any] = [
            "tool": ["driver": driver],
            "invocations": [["executionSuccessful": run.failedTraces == 0, "toolExecutionNotifications": notifications]],
            "results": run.findings.map { result($0, ruleIndex: ruleIndex[$0.ruleID]) },
        ]
        return ["$schema": schemaURI, "version": "2.1.0", "runs": [sarifRun]]
    }

    private static func descriptor(_ rule: Rule) -> [String: Any] {
        var descriptor: [String: Any] = [
            "id": rule.id,
            "name": rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": rule.rationale],
            "help": ["text": rule.fix, "markdown": "**Why:** \(rule.rationale)\n\n**Fix:** \(rule.fix)"],
            "defaultConfiguration": ["level": level(rule.severity)],
            "properties": ["tags": ["lifecycle"] + rule.platforms.map(\.rawValue)],
        ]
        if let reference = rule.references.first { descriptor["helpUri"] = reference }
        return descriptor
    }

    private static func result(_ finding: Finding, ruleIndex: Int?) -> [String: Any] {
        var result: [String: Any] = [
            "ruleId": finding.ruleID,
            "level": level(finding.severity),
            "message": ["text": finding.message],
            "locations": [location(finding.location, message: nil, id: nil)],
            "partialFingerprints": ["lifelintFingerprint/v1": finding.fingerprint],
            "properties": ["app": finding.app, "platform": finding.platform.rawValue, "time": finding.time.iso8601 ?? "unknown"],
        ]
        if let ruleIndex { result["ruleIndex"] = ruleIndex }
        if !finding.related.isEmpty {
            result["relatedLocations"] = finding.related.enumerated().map { location($1.location, message: $1.message, id: $0) }
        }
        return result
    }

    private static func location(_ location: SourceLocation, message: String?, id: Int?) -> [String: Any] {
        var region: [String: Any] = ["startLine": max(location.line, 1)]
        if let column = location.column { region["startColumn"] = max(column, 1) }
        var object: [String: Any] = ["physicalLocation": ["artifactLocation": ["uri": uri(location.path)], "region": region]]
        if let message { object["message"] = ["text": message] }
        if let id { object["id"] = id }
        return object
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A path as a relative (or `file:` absolute) URI reference: characters outside RFC 3986's
    /// unreserved set and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
