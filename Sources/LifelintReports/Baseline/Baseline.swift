import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

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
            byFingerprint[finding.fingerprint, default: Entry(fingerprint: finding.fingerprint, rule: finding.ruleID, app: finding.app, message: finding.message, count: 0)]
                .count += 1
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

    /// Reads a baseline written by `--write-baseline`. Decoded with `JSONDecoder` into the
    /// entries alone, never a tree of Foundation objects: a million entries took 3.5 GB that
    /// way. Counts are read exactly (a count of 2^53 + 1 is that count).
    public static func load(path: String) throws(ConfigurationError) -> Baseline {
        let data: Data
        switch SmallFile.read(path, limit: SmallFile.baselineLimit) {
        case let .success(bytes): data = bytes
        case let .failure(refusal): throw .unreadable(path: path, reason: refusal.reason)
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            // Parsed again only to say where the syntax error is: a valid document is never
            // read into Foundation's objects.
            if case let .dataCorrupted(context) = error, context.underlyingError != nil, let syntax = JSONSyntaxPosition.syntaxError(in: data) {
                throw .invalidJSON(path: path, reason: syntax)
            }
            if case let .keyNotFound(key, context) = error {
                let (container, _) = DecodingError.keyNotFound(key, context).located
                throw .invalid(path: path, keyPath: container.isEmpty ? key.stringValue : "\(container).\(key.stringValue)", message: "missing")
            }
            let (keyPath, reason) = error.located
            throw .invalid(path: path, keyPath: keyPath, message: reason)
        } catch {
            throw .invalidJSON(path: path, reason: "\(error)")
        }
        guard file.version == Self.version else {
            throw .invalid(path: path, keyPath: "lifelintBaseline", message: "version \(file.version) is not one this lifelint reads (\(Self.version))")
        }
        return Baseline(entries: file.findings)
    }

    /// The file as written: a version and the entries.
    private struct File: Decodable {
        let version: Int
        let findings: [Entry]

        private enum CodingKeys: String, CodingKey {
            case version = "lifelintBaseline"
            case findings
        }

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(allowed: ["lifelintBaseline", "findings"])
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(Int.self, forKey: .version)
            findings = try container.decode([Entry].self, forKey: .findings)
        }
    }
}

extension Baseline.Entry: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case fingerprint, rule, app, message, count
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: Set(CodingKeys.allCases.map(\.rawValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        rule = try container.decodeIfPresent(String.self, forKey: .rule) ?? ""
        app = try container.decodeIfPresent(String.self, forKey: .app) ?? ""
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 1
        guard count >= 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.count], debugDescription: "must be at least 1, found \(count)"))
        }
    }
}
