import Foundation
import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// Findings a team has accepted for now (`--write-baseline FILE`), so that an old backlog does
/// not fail every build while new findings still do (`--baseline FILE`). Entries are keyed by
/// the findings' fingerprints (rule, app and event content; never line numbers or times), with
/// a count, so the same finding in a re-captured trace still matches and a second occurrence
/// does not hide behind the first. Rule, app and message are kept for people reading the file.
///
///     {"lifelintBaseline": 1, "findings": [{"fingerprint": "…", "rule": "…", "app": "…", "message": "…", "count": 1}]}
public struct Baseline: Sendable, Hashable {
    public static let version = 1

    public struct Entry: Sendable, Hashable {
        public var fingerprint: String
        public var rule: String
        public var app: String
        public var message: String
        public var count: Int
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The baseline of these findings: one entry per fingerprint, sorted for stable diffs.
    public init(findings: [Finding]) {
        var byFingerprint: [String: Entry] = [:]
        for finding in findings {
            byFingerprint[finding.fingerprint, default: Entry(fingerprint: finding.fingerprint, rule: finding.ruleID, app: finding.app, message: finding.message, count: 0)].count += 1
        }
        entries = byFingerprint.values.sorted { ($0.rule, $0.app, $0.fingerprint) < ($1.rule, $1.app, $1.fingerprint) }
    }

    public func jsonData() throws(OutputFailure) -> Data {
        let document: [String: Any] = [
            "lifelintBaseline": Self.version,
            "findings": entries.map { ["fingerprint": $0.fingerprint, "rule": $0.rule, "app": $0.app, "message": $0.message, "count": $0.count] },
        ]
        return try ReportJSON.data(document, pretty: true) + Data("\n".utf8)
    }

    public static func load(path: String) throws(ConfigurationError) -> Baseline {
        let root = try JSONNode.load(path: path, limit: SmallFile.baselineLimit)
        let object = try root.object(allowing: ["lifelintBaseline", "findings"])
        let version = try object.required("lifelintBaseline").integer()
        guard version == Self.version else {
            throw .invalid(path: path, keyPath: "lifelintBaseline", message: "version \(version) is not one this lifelint reads (\(Self.version))")
        }
        let entries = try object.required("findings").array().map { (node) throws(ConfigurationError) -> Entry in
            let entry = try node.object(allowing: ["fingerprint", "rule", "app", "message", "count"])
            return Entry(
                fingerprint: try entry.required("fingerprint").string(),
                rule: try entry.optional("rule")?.string() ?? "",
                app: try entry.optional("app")?.string() ?? "",
                message: try entry.optional("message")?.string() ?? "",
                count: try entry.optional("count")?.integer(minimum: 1) ?? 1)
        }
        return Baseline(entries: entries)
    }
}
