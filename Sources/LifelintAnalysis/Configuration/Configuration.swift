import Foundation
import LifelintIngestion
import LifelintModel

/// A project's `.lifelint.json`: which rules run and how strictly, thresholds, extra rule
/// folders, mappings of the team's own log lines to events, and which apps to analyse. Found
/// from the current directory upward, or named with `--config`. Every mistake (an unknown key,
/// a wrong type, an unknown rule id, a bad duration) is an error naming the key path.
///
///     {
///       "rules": {"disable": ["reconnect-storm"], "enable": [], "only": [], "severity": {"stale-socket-trusted": "error"},
///                 "thresholds": {"graceWindow": "3s"}, "folders": ["lint/lifelint-rules"]},
///       "mappings": [{"tag": "DraftStore", "message": {"prefix": "flush begin"}, "event": "persist.begin", "attrs": {"key": "draft"}}],
///       "apps": ["com.example.notes"],
///       "expectations": [{"tests": "*ProcessDeath*", "expect": ["killed-in-background", "saved-before-kill", "restored-after-kill"],
///                         "app": "com.example.notes"}]
///     }
public struct Configuration: Sendable {
    public static let fileName = ".lifelint.json"

    /// A value from the file with where it was, for errors found later (an unknown rule id is
    /// only known once the rule folders are loaded).
    struct Located<Value: Sendable>: Sendable {
        var value: Value
        var keyPath: String
    }

    public var path: String?
    var disabledRules: [Located<String>] = []
    var enabledRules: [Located<String>] = []
    var onlyRules: [Located<String>]?
    var severities: [Located<(id: String, severity: Severity)>] = []
    var thresholds: [Located<String>] = []
    /// Folders of extra rules, resolved against the configuration file's folder.
    public var ruleFolders: [String] = []
    public var mappings: [LineMapping] = []

    /// The events the mappings make: rules may name them.
    public var mappedEvents: Set<String> { Set(mappings.map(\.event)) }
    /// The apps to analyse (package names or bundle ids); nil for every app.
    public var apps: Set<String>?
    /// Process-death expectations, per test name pattern.
    public var expectations: [ExpectationDeclaration] = []

    public init() {}

    /// `.lifelint.json` in `directory` or the nearest folder above it.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// The configuration to use: the file named (`--config`), none (`--no-config`), or the
    /// nearest `.lifelint.json` from the current folder upward.
    public static func resolve(path: String?, ignoring: Bool) throws(ConfigurationError) -> Configuration {
        if let path { return try load(path: path) }
        guard !ignoring, let found = find(from: FileManager.default.currentDirectoryPath) else { return Configuration() }
        return try load(path: found)
    }

    public static func load(path: String) throws(ConfigurationError) -> Configuration {
        let root = try JSONNode.load(path: path).object(allowing: ["rules", "mappings", "apps", "expectations"])
        var configuration = Configuration()
        configuration.path = path
        if let rules = root.optional("rules") { try configuration.readRules(rules, relativeTo: (path as NSString).deletingLastPathComponent) }
        if let mappings = root.optional("mappings") {
            var expansion = 0
            configuration.mappings = try mappings.array().map { (node) throws(ConfigurationError) in try Self.mapping(node, expansion: &expansion) }
        }
        if let apps = root.optional("apps") { configuration.apps = Set(try apps.strings()) }
        configuration.expectations = try (root.optional("expectations")?.array() ?? []).map { (node) throws(ConfigurationError) in try Self.expectation(node) }
        return configuration
    }

    /// `{"tests": "*ProcessDeath*", "expect": ["killed-in-background"], "app": "com.example.notes"}`;
    /// without `tests`, every test (and a trace without tests).
    private static func expectation(_ node: JSONNode) throws(ConfigurationError) -> ExpectationDeclaration {
        let object = try node.object(allowing: ["tests", "expect", "app"])
        let expectNode = try object.required("expect")
        var expectations: [ProcessDeathExpectation] = []
        for element in try expectNode.array() {
            let word = try element.string()
            guard let expectation = ProcessDeathExpectation(rawValue: word) else { throw element.fail(ProcessDeathExpectation.unknownDescription(word)) }
            if !expectations.contains(expectation) { expectations.append(expectation) }
        }
        guard !expectations.isEmpty else { throw expectNode.fail("name at least one of \(ProcessDeathExpectation.allCases.map(\.rawValue).joined(separator: ", "))") }
        let tests = try object.optional("tests").map { (node) throws(ConfigurationError) -> TestNamePattern in
            let pattern = try node.string()
            guard !pattern.isEmpty else { throw node.fail("must not be empty") }
            return TestNamePattern(pattern)
        }
        return ExpectationDeclaration(tests: tests, expectations: expectations, app: try object.optional("app")?.string())
    }

    private mutating func readRules(_ node: JSONNode, relativeTo folder: String) throws(ConfigurationError) {
        let rules = try node.object(allowing: ["disable", "enable", "only", "severity", "thresholds", "folders"])
        disabledRules = try Self.ids(rules.optional("disable"))
        enabledRules = try Self.ids(rules.optional("enable"))
        if let only = rules.optional("only") { onlyRules = try Self.ids(only) }
        for (id, value) in try rules.optional("severity")?.dictionary() ?? [] {
            guard let severity = Severity(rawValue: try value.string()) else {
                throw value.fail("expected one of \(Severity.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            severities.append(Located(value: (id, severity), keyPath: value.keyPath))
        }
        for (name, value) in try rules.optional("thresholds")?.dictionary() ?? [] {
            let text = value.value is NSNumber ? "\(value.value)" : try value.string()
            thresholds.append(Located(value: "\(name)=\(text)", keyPath: value.keyPath))
        }
        ruleFolders = try (rules.optional("folders")?.array() ?? []).map { (node) throws(ConfigurationError) in
            try Self.ruleFolder(node, in: folder)
        }
    }

    /// A folder of rule files the configuration names: inside the configuration's own folder,
    /// links resolved. A configuration comes with the repository it is in, and a pull request
    /// can change it: it must not make a CI job read, and echo in its errors, files from
    /// anywhere else on the machine (`--rules` on the command line may name any folder).
    private static func ruleFolder(_ node: JSONNode, in folder: String) throws(ConfigurationError) -> String {
        let entry = try node.string()
        let outside = node.fail("'\(Echo.shortened(entry))' is outside the configuration file's folder; name rule folders inside it (or pass --rules on the command line)")
        guard !entry.hasPrefix("/") else { throw outside }
        let resolved = folder.isEmpty ? entry : (folder as NSString).appendingPathComponent(entry)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue else {
            throw node.fail("no folder '\(Echo.shortened(resolved))' (a rule folder is relative to the configuration file's folder)")
        }
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().standardizedFileURL.path
        let real = URL(fileURLWithPath: resolved).resolvingSymlinksInPath().standardizedFileURL.path
        guard real == base || real.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { throw outside }
        return resolved
    }

    private static func ids(_ node: JSONNode?) throws(ConfigurationError) -> [Located<String>] {
        try (node?.array() ?? []).map { (element) throws(ConfigurationError) in Located(value: try element.string(), keyPath: element.keyPath) }
    }

    // MARK: Mappings

    /// `expansion`: what the expressions of the mappings before this one expand to together,
    /// which this one's adds to (`RegularExpression.maximumTotalExpansion`).
    private static func mapping(_ node: JSONNode, expansion: inout Int) throws(ConfigurationError) -> LineMapping {
        let object = try node.object(allowing: ["tag", "message", "event", "attrs", "platform", "container"])
        let eventNode = try object.required("event")
        let event = try eventNode.string()
        guard InstrumentationMessage.isValidEventName(event) else {
            throw eventNode.fail("'\(Echo.shortened(event))' is not an event name such as \"persist.begin\"")
        }
        let tag = try object.optional("tag")?.string()
        let message = try object.optional("message").map { (node) throws(ConfigurationError) in try messageMatch(node, expansion: &expansion) } ?? .any
        if tag == nil, case .any = message { throw node.fail("a mapping needs a 'tag', a 'message' or both") }
        var attributes = Attributes()
        for (key, value) in try object.optional("attrs")?.dictionary() ?? [] {
            switch value.value {
            case let text as String: attributes[key] = text
            case let number as NSNumber: attributes[key] = value.kind == "a boolean" ? (number.boolValue ? "true" : "false") : "\(number)"
            default: throw value.fail("expected a string, a number or a boolean, found \(value.kind)")
            }
        }
        return LineMapping(
            tag: tag, message: message, event: event, attributes: attributes,
            platform: try object.optional("platform").map { (node) throws(ConfigurationError) in try choice(node, of: Platform.self) },
            container: try object.optional("container").map { (node) throws(ConfigurationError) in try choice(node, of: LineMapping.Container.self) })
    }

    private static func messageMatch(_ node: JSONNode, expansion: inout Int) throws(ConfigurationError) -> LineMapping.MessageMatch {
        let object = try node.object(allowing: ["prefix", "contains", "regex"])
        guard object.members.count == 1, let (key, _) = object.members.first else {
            throw node.fail("expected exactly one of 'prefix', 'contains' or 'regex'")
        }
        let valueNode = try object.required(key)
        let text = try valueNode.string()
        guard !text.isEmpty else { throw valueNode.fail("must not be empty") }
        switch key {
        case "prefix": return .prefix(text)
        case "contains": return .contains(text)
        default:
            do throws(RegularExpression.Failure) {
                expansion += try RegularExpression.cost(of: text)
            } catch {
                throw valueNode.fail("not a regular expression: \(error)")
            }
            guard expansion <= RegularExpression.maximumTotalExpansion else {
                throw valueNode.fail(
                    "the mappings' regular expressions expand to \(expansion) copies together by this one "
                        + "(at most \(RegularExpression.maximumTotalExpansion)): use prefixes, 'contains' or fewer counted repetitions")
            }
            do {
                return .regex(try RegularExpression(text))
            } catch {
                throw valueNode.fail("not a regular expression: \(error)")
            }
        }
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(_ node: JSONNode, of type: Choice.Type) throws(ConfigurationError) -> Choice
    where Choice.RawValue == String {
        let text = try node.string()
        guard let choice = Choice(rawValue: text) else {
            throw node.fail("expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }

    // MARK: Applying

    /// The rules to run: `only` (when given) or every rule that is not opt-in plus those
    /// enabled, minus those disabled, with severity overrides; the command line's selection
    /// wins. Unknown ids are errors.
    public func selectRules(from catalog: RuleCatalog, commandLine: RuleSelection = RuleSelection()) throws(ConfigurationError) -> [Rule] {
        let known = Set(catalog.rules.map(\.id))
        try commandLine.validate(known: known)
        let named = disabledRules + enabledRules + (onlyRules ?? []) + severities.map { Located(value: $0.value.id, keyPath: $0.keyPath) }
        if let unknown = named.first(where: { !known.contains($0.value) }) {
            throw .invalid(path: path ?? Self.fileName, keyPath: unknown.keyPath, message: "no rule '\(Echo.shortened(unknown.value))' ('lifelint rules' lists them)")
        }
        let disabled = Set(disabledRules.map(\.value))
        let enabled = Set(enabledRules.map(\.value))
        let only = onlyRules.map { Set($0.map(\.value)) }
        let overrides = Dictionary(severities.map { ($0.value.id, $0.value.severity) }, uniquingKeysWith: { $1 })
        return catalog.rules.compactMap { rule in
            let configured = (only.map { $0.contains(rule.id) } ?? (!rule.optIn || enabled.contains(rule.id))) && !disabled.contains(rule.id)
            guard commandLine.decides(rule.id) ?? configured else { return nil }
            var rule = rule
            if let severity = overrides[rule.id] { rule.severity = severity }
            return rule
        }
    }

    public func apply(to thresholds: inout Thresholds) throws(ConfigurationError) {
        for assignment in self.thresholds {
            do {
                try thresholds.set(assignment.value)
            } catch {
                throw .invalid(path: path ?? Self.fileName, keyPath: assignment.keyPath, message: "\(error)")
            }
        }
    }
}
