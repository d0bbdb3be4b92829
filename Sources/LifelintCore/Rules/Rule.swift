/// One anti-pattern, described by data in `Rules/<id>.json`: what it is, why it loses data or
/// breaks the user's expectation, how to fix it, how to find it (`match`), and the example
/// traces that prove it (`examples`, executed by the test suite).
public struct Rule: Sendable, Hashable, Decodable, Identifiable {
    public var id: String
    public var severity: Severity
    public var platforms: [Platform]
    public var summary: String
    public var rationale: String
    public var fix: String
    public var references: [String]
    /// The finding's text; `{app}`, threshold names (`{graceWindow}`) and the attributes of the
    /// finding's event (`{attr.key}`) are filled in.
    public var message: String
    public var match: [RuleClause]
    public var examples: Examples
    /// An opt-in rule runs only when a configuration enables it (`rules.enable` or `only`).
    public var optIn: Bool

    public struct Examples: Sendable, Hashable, Decodable {
        /// Paths relative to the repository root (`SampleLogs/...`).
        public var triggering: [String]
        public var clean: [String]
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, severity, platforms, summary, rationale, fix, references, message, match, examples, optIn
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: Set(CodingKeys.allCases.map(\.rawValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard Self.isKebabCase(id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.id], debugDescription: "'\(id)' is not a kebab-case id"))
        }
        severity = try container.decode(Severity.self, forKey: .severity)
        platforms = try container.decode([Platform].self, forKey: .platforms)
        summary = try container.decode(String.self, forKey: .summary)
        rationale = try container.decode(String.self, forKey: .rationale)
        fix = try container.decode(String.self, forKey: .fix)
        references = try container.decodeIfPresent([String].self, forKey: .references) ?? []
        message = try container.decode(String.self, forKey: .message)
        match = try container.decodeList(RuleClause.self, forKey: .match)
        examples = try container.decode(Examples.self, forKey: .examples)
        optIn = try container.decodeIfPresent(Bool.self, forKey: .optIn) ?? false
    }

    static func isKebabCase(_ id: String) -> Bool {
        !id.isEmpty && id.first!.isLetter && !id.hasSuffix("-") && !id.contains("--")
            && id.allSatisfy { ($0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" }
    }
}
