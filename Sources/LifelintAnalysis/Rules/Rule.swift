import LifelintModel

/// One anti-pattern, described by data in `Rules/<id>.json`: what it is, why it loses data or
/// breaks the user's expectation, how to fix it, how to find it (`match`), and the example
/// traces that prove it (`examples`, executed by the test suite).
public struct Rule: Sendable, Hashable, Decodable, Identifiable {
    public var id: String
    public var severity: Severity
    /// Default `lifecycle` for a rule file that does not say.
    public var area: RuleArea
    public var platforms: [Platform]
    public var summary: String
    public var rationale: String
    public var fix: String
    public var references: [String]
    /// The finding's text; `{app}`, threshold names (`{graceWindow}`) and the attributes of the
    /// finding's event (`{attr.key}`) are filled in. Empty for a verdict rule, whose results
    /// say the verdict's subject and outcome.
    public var message: String
    public var match: [RuleClause]
    /// A verdict rule (such as `data-loss-verdict`) has no clauses: its results are the
    /// post-mortem's verdicts with these outcomes, each at the severity given here (capped
    /// by the rule's configured severity). Empty for every other rule.
    public var verdicts: [Verdict.Outcome: Severity]
    /// The rule's own evidence: event names or families, one of which the app must report
    /// somewhere in the trace for the rule to be evaluated on it. A platform-only log cannot
    /// show a resync, so it cannot show a missing one. Empty: the platform's events suffice.
    public var requires: [EventPattern]
    public var examples: Examples
    /// An opt-in rule runs only when a configuration enables it (`rules.enable` or `only`).
    public var optIn: Bool
    /// Events of the app's own instrumentation (not in lifelint's vocabulary) this rule names:
    /// declared, so a name that is in neither is a typo the catalogue refuses.
    public var events: [String]

    public struct Examples: Sendable, Hashable, Decodable {
        /// Traces the rule must fire on (paths relative to the repository root, `SampleLogs/...`).
        public var triggering: [Example]
        /// Traces it must stay silent on.
        public var clean: [String]
    }

    /// A triggering example: `"SampleLogs/x.log"`, or `{"trace": "SampleLogs/x.log", "lines":
    /// [17]}` to pin the lines its findings point at, exactly.
    public struct Example: Sendable, Hashable, Decodable, CustomStringConvertible {
        public var trace: String
        /// Nil: the rule fires somewhere in the trace.
        public var lines: [Int]?

        private enum CodingKeys: String, CodingKey { case trace, lines }

        public init(from decoder: any Decoder) throws {
            if let trace = try? decoder.singleValueContainer().decode(String.self) {
                self.trace = trace
                return
            }
            try decoder.rejectUnknownKeys(allowed: ["trace", "lines"])
            let container = try decoder.container(keyedBy: CodingKeys.self)
            trace = try container.decode(String.self, forKey: .trace)
            lines = try container.decode([Int].self, forKey: .lines)
        }

        public var description: String {
            lines.map { "\(trace) (lines \($0.map(String.init).joined(separator: ", ")))" } ?? trace
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, severity, area, platforms, summary, rationale, fix, references, message, match, verdicts, requires, examples, optIn, events
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: Set(CodingKeys.allCases.map(\.rawValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard Self.isKebabCase(id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.id], debugDescription: "'\(id)' is not a kebab-case id"))
        }
        severity = try container.decode(Severity.self, forKey: .severity)
        area = try container.decodeIfPresent(RuleArea.self, forKey: .area) ?? .lifecycle
        platforms = try container.decode([Platform].self, forKey: .platforms)
        summary = try container.decode(String.self, forKey: .summary)
        rationale = try container.decode(String.self, forKey: .rationale)
        fix = try container.decode(String.self, forKey: .fix)
        references = try container.decodeIfPresent([String].self, forKey: .references) ?? []
        verdicts = try Self.decodeVerdicts(container)
        // A verdict rule's results are the verdicts: it has no clauses and no message of its own.
        message = verdicts.isEmpty ? try container.decode(String.self, forKey: .message) : try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        match = verdicts.isEmpty ? try container.decodeList(RuleClause.self, forKey: .match) : try container.decodeListIfPresent(RuleClause.self, forKey: .match)
        if !verdicts.isEmpty, !match.isEmpty {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [CodingKeys.match], debugDescription: "a rule has either 'match' clauses or 'verdicts', not both"))
        }
        guard container.contains(.requires) else {
            throw DecodingError.keyNotFound(
                CodingKeys.requires,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "'requires' is missing: list the event names or families the app must report for this rule to apply (e.g. [\"persist.*\"]), or [] when the platform's own events suffice"
                ))
        }
        requires = try container.decodeList(EventPattern.self, forKey: .requires)
        for (index, clause) in match.enumerated() {
            try Self.checkRequirement(clause.requires ?? [], at: [CodingKeys.match, AnyCodingKey(index: index), AnyCodingKey(stringValue: "requires")])
        }
        try Self.checkRequirement(requires, at: [CodingKeys.requires])
        examples = try container.decode(Examples.self, forKey: .examples)
        optIn = try container.decodeIfPresent(Bool.self, forKey: .optIn) ?? false
        events = try container.decodeIfPresent([String].self, forKey: .events) ?? []
    }

    /// `{"lost": "error", "saved-late": "warning"}`: outcomes by their names, each with a severity.
    private static func decodeVerdicts(_ container: KeyedDecodingContainer<CodingKeys>) throws -> [Verdict.Outcome: Severity] {
        guard container.contains(.verdicts) else { return [:] }
        var verdicts: [Verdict.Outcome: Severity] = [:]
        for (name, severity) in try container.decode([String: Severity].self, forKey: .verdicts) {
            guard let outcome = Verdict.Outcome(rawValue: name) else {
                let names = Verdict.Outcome.allCases.map(\.rawValue)
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [CodingKeys.verdicts, AnyCodingKey(stringValue: name)],
                        debugDescription: "unknown verdict outcome '\(name)'\(DidYouMean.suggestion(for: name, among: names)); outcomes: \(names.joined(separator: ", "))"))
            }
            verdicts[outcome] = severity
        }
        guard !verdicts.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.verdicts], debugDescription: "name at least one verdict outcome"))
        }
        return verdicts
    }

    /// Whether the rule's results are verdicts rather than findings of clauses.
    public var isVerdictRule: Bool { !verdicts.isEmpty }

    /// The verdict as a result of this rule, or nil when the rule does not report its outcome.
    /// Its severity is the outcome's, at most the rule's (a configuration that lowers the
    /// rule's severity lowers every outcome's).
    public func result(_ verdict: Verdict) -> Finding? {
        guard let outcomeSeverity = verdicts[verdict.outcome] else { return nil }
        let related = verdict.claims.compactMap { claim in
            claim.location.map { Finding.RelatedLocation(location: $0, message: claim.text) }
        }
        return Finding(
            ruleID: id, severity: min(outcomeSeverity, severity), message: "\(verdict.subject): \(verdict.outcome.headline)", app: verdict.app,
            platform: verdict.platform, time: verdict.time, location: verdict.location, related: related,
            fingerprint: Fingerprint.make([id, verdict.app, verdict.outcome.rawValue, verdict.location.description]), isVerdict: true)
    }

    /// What a clause needs the app to have reported: its own `requires`, else the rule's.
    public func requirement(of clause: RuleClause) -> [EventPattern] { clause.requires ?? requires }

    /// A requirement is about which events the app reports, not their attributes.
    private static func checkRequirement(_ patterns: [EventPattern], at path: [any CodingKey]) throws {
        guard let pattern = patterns.first(where: { !$0.conditions.isEmpty }) else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: path, debugDescription: "'requires' takes event names or families, not conditions ('\(pattern)')"))
    }

    static func isKebabCase(_ id: String) -> Bool {
        !id.isEmpty && id.first!.isLetter && !id.hasSuffix("-") && !id.contains("--")
            && id.allSatisfy { ($0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" }
    }
}
