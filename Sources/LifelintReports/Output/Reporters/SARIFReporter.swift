import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// SARIF 2.1.0 (`--format sarif`), the format of GitHub code scanning and other dashboards:
/// one run whose driver lists every rule that ran (id, summary, rationale, fix, reference URI,
/// default level), one result per finding with its trace location, related locations and a
/// stable partial fingerprint, and an invocation that records the traces that could not be read.
/// Data-loss verdicts are results of the `data-loss-verdict` rule. A run holds at most
/// `PlatformLimits.sarifResultsPerRun` results (code scanning rejects more): the most important
/// ones, and a notification saying how many were left out.
public struct SARIFReporter: Reporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    private let output: ByteOutput
    private let resultLimit: Int

    public init(output: ByteOutput, resultLimit: Int = PlatformLimits.sarifResultsPerRun) {
        self.output = output
        self.resultLimit = resultLimit
    }

    public mutating func finish(_ run: RunReport) {
        ReportJSON.write(Self.document(run, resultLimit: resultLimit), pretty: true, to: output)
    }

    public static func document(
        _ run: RunReport, resultLimit: Int = PlatformLimits.sarifResultsPerRun, base: String = FileManager.default.currentDirectoryPath
    ) -> [String: Any] {
        let descriptors = run.rules.map(descriptor)
        let ruleIndex = Dictionary(run.rules.map(\.id).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let driver: [String: Any] = [
            "name": "lifelint",
            "version": LifelintVersion.current,
            "semanticVersion": LifelintVersion.current,
            "rules": descriptors,
        ]
        var artifacts = SARIFArtifacts(base: base)
        var notifications: [[String: Any]] = run.traces.filter { $0.error != nil }.map { trace in
            [
                "level": "error",
                "message": ["text": trace.error ?? ""],
                "locations": [["physicalLocation": ["artifactLocation": artifacts.location(of: fileSystemPath(trace.path, of: trace))]]],
            ]
        }
        let traced = run.traces.flatMap { trace in trace.results.map { (finding: $0, trace: trace) } }
        let results = traced.map(\.finding)
        let kept = ResultPriority.mostImportant(results, limit: resultLimit)
        if kept.count < results.count {
            notifications.append(["level": "warning", "message": ["text": omissionNote(omitted: results.count - kept.count, limit: resultLimit)]])
        }
        var sarifRun: [String: Any] = [
            "tool": ["driver": driver],
            "invocations": [["executionSuccessful": run.failedTraces == 0, "toolExecutionNotifications": notifications]],
            "results": kept.map { result(traced[$0].finding, of: traced[$0].trace, ruleIndex: ruleIndex[results[$0].ruleID], artifacts: &artifacts) },
            "originalUriBaseIds": artifacts.originalURIBaseIDs,
        ]
        if !artifacts.artifacts.isEmpty { sarifRun["artifacts"] = artifacts.artifacts }
        return ["$schema": schemaURI, "version": "2.1.0", "runs": [sarifRun]]
    }

    static func omissionNote(omitted: Int, limit: Int) -> String {
        "\(omitted) more result\(omitted == 1 ? "" : "s") left out: a SARIF run here holds at most \(limit) (GitHub code scanning "
            + "rejects more), the most severe first. 'lifelint --format json' or '--format text' lists them all."
    }

    private static func descriptor(_ rule: Rule) -> [String: Any] {
        var descriptor: [String: Any] = [
            "id": rule.id,
            "name": rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": rule.rationale],
            "help": ["text": rule.fix, "markdown": "**Why:** \(rule.rationale)\n\n**Fix:** \(rule.fix)"],
            "defaultConfiguration": ["level": level(rule.severity)],
            "properties": properties(
                tags: ["lifecycle", rule.area.rawValue] + (rule.isVerdictRule ? ["post-mortem"] : []) + rule.platforms.map(\.rawValue), severity: rule.severity),
        ]
        if let reference = rule.references.first { descriptor["helpUri"] = reference }
        return descriptor
    }

    /// Code scanning reads `problem.severity` (error, warning, recommendation) for alerts that
    /// are not security alerts, and `precision` to rank them. Every rule claims only what an
    /// engineer reading the trace would accept, and the real-capture review set holds them to
    /// it (decision 0016): `high`.
    /// Tags are a set in SARIF (`uniqueItems`): a rule whose area is `lifecycle` names it once.
    private static func properties(tags: [String], severity: Severity) -> [String: Any] {
        let problemSeverity =
            switch severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "recommendation"
            }
        var seen: Set<String> = []
        return ["tags": tags.filter { seen.insert($0).inserted }, "precision": "high", "problem.severity": problemSeverity]
    }

    /// A path of a report (bytes that are not UTF-8 shown as `\xE9`) with the trace file's own
    /// bytes again, for its URI: two names that read alike stay two artifacts.
    static func fileSystemPath(_ shown: String, of trace: TraceReport) -> String {
        let file = PathEncoding.displayed(trace.fileSystemPath)
        guard shown.hasPrefix(file) else { return shown }
        return trace.fileSystemPath + shown.dropFirst(file.count)
    }

    private static func result(_ finding: Finding, of trace: TraceReport, ruleIndex: Int?, artifacts: inout SARIFArtifacts) -> [String: Any] {
        var result: [String: Any] = [
            "ruleId": finding.ruleID,
            "level": level(finding.severity),
            "message": ["text": message(finding)],
            "locations": [location(finding.location, of: trace, message: nil, id: nil, artifacts: &artifacts)],
            "partialFingerprints": ["lifelintFingerprint/v1": finding.fingerprint],
            "properties": ["app": finding.app, "platform": finding.platform.rawValue, "time": finding.time.iso8601 ?? "unknown"],
        ]
        if let ruleIndex { result["ruleIndex"] = ruleIndex }
        if !finding.related.isEmpty {
            result["relatedLocations"] = finding.related.enumerated().map { location($1.location, of: trace, message: $1.message, id: $0, artifacts: &artifacts) }
        }
        return result
    }

    /// The finding's message, then each related location as an embedded link (`[text](id)`),
    /// which viewers turn into a link to that line; brackets in the text are escaped as SARIF
    /// requires for messages with links.
    static func message(_ finding: Finding) -> String {
        guard !finding.related.isEmpty else { return finding.message }
        let links = finding.related.enumerated().map { "[\(linkText($1.message))](\($0))" }
        return linkText(finding.message) + ". See: " + links.joined(separator: "; ") + "."
    }

    private static func linkText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    private static func location(_ location: SourceLocation, of trace: TraceReport, message: String?, id: Int?, artifacts: inout SARIFArtifacts) -> [String: Any] {
        var region: [String: Any] = ["startLine": max(location.line, 1)]
        if let column = location.column { region["startColumn"] = max(column, 1) }
        // A binary trace has no lines: SARIF's binary region is the record's offset.
        if let byteOffset = location.byteOffset { region = ["byteOffset": byteOffset] }
        var object: [String: Any] = ["physicalLocation": ["artifactLocation": artifacts.location(of: fileSystemPath(location.path, of: trace)), "region": region]]
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
}
