import Foundation
import LifelintModel

/// The rules lifelint runs: the built-in catalogue (carried in the binary from `Rules/`) plus
/// any folders the user adds with `--rules DIR`.
public struct RuleCatalog: Sendable {
    public let rules: [Rule]

    /// Checks the rules as a whole: unique ids, every rule's meaning (`RuleValidator`), the
    /// evidence patterns' capacity. Every mistake is reported, not only the first.
    /// `mappedEvents`: the events the user's mappings make, which rules may name.
    public init(rules: [Rule], origins: [String]? = nil, mappedEvents: Set<String> = []) throws(RuleError) {
        var errors: [RuleError] = []
        var seen: [String: String] = [:]
        for (index, rule) in rules.enumerated() {
            let origin = origins?[index] ?? rule.id
            if let first = seen[rule.id] { errors.append(.duplicateID(rule.id, paths: [first, origin])) }
            seen[rule.id] = origin
            for problem in RuleValidator.problems(in: rule, mappedEvents: mappedEvents) {
                errors.append(.invalid(path: origin, keyPath: problem.keyPath, reason: problem.reason))
            }
        }
        var requirements = Set<EventPattern>()
        for (index, rule) in rules.enumerated() {
            requirements.formUnion(rule.requires + rule.match.flatMap { $0.requires ?? [] })
            guard requirements.count <= EvidenceRequirements.capacity else {
                errors.append(
                    .invalid(
                        path: origins?[index] ?? rule.id, keyPath: "requires",
                        reason: "the rules loaded name more than \(EvidenceRequirements.capacity) distinct event patterns in 'requires'; share families (e.g. 'sync.*') instead"))
                break
            }
        }
        if let error = RuleError.combining(errors) { throw error }
        self.rules = rules.sorted { $0.id < $1.id }
    }

    /// The catalogue built into lifelint.
    public static func builtIn() throws(RuleError) -> RuleCatalog {
        try RuleCatalog(rules: builtInRules(), origins: EmbeddedRules.files.map { "Rules/\($0.name)" })
    }

    /// The built-in catalogue plus every `*.json` rule in `directories`. Every file is read
    /// and every mistake reported together.
    public static func load(adding directories: [String], mappedEvents: Set<String> = []) throws(RuleError) -> RuleCatalog {
        var rules = try builtInRules()
        var origins = EmbeddedRules.files.map { "Rules/\($0.name)" }
        var errors: [RuleError] = []
        for directory in directories {
            do {
                for path in try ruleFiles(in: directory) {
                    do {
                        rules.append(try decode(path: path))
                        origins.append(path)
                    } catch {
                        errors.append(error)
                    }
                }
            } catch {
                errors.append(error)
            }
        }
        let catalog: RuleCatalog
        do throws(RuleError) {
            catalog = try RuleCatalog(rules: rules, origins: origins, mappedEvents: mappedEvents)
        } catch {
            throw RuleError.combining(errors + error.all)!
        }
        if let error = RuleError.combining(errors) { throw error }
        return catalog
    }

    public func rule(id: String) -> Rule? { rules.first { $0.id == id } }

    static func builtInRules() throws(RuleError) -> [Rule] {
        var rules: [Rule] = []
        for file in EmbeddedRules.files {
            rules.append(try decode(Data(file.json.utf8), path: "Rules/\(file.name)"))
        }
        return rules
    }

    static func ruleFiles(in directory: String) throws(RuleError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") }
                .sorted()
                .map { (directory as NSString).appendingPathComponent($0) }
        } catch {
            throw .unreadable(path: directory, reason: "not a readable folder of rule files")
        }
    }

    public static func decode(path: String) throws(RuleError) -> Rule {
        switch SmallFile.read(path, limit: SmallFile.configurationLimit) {
        case let .success(data): return try decode(data, path: path)
        case let .failure(refusal): throw .unreadable(path: path, reason: refusal.reason)
        }
    }

    static func decode(_ data: Data, path: String) throws(RuleError) -> Rule {
        do {
            return try JSONDecoder().decode(Rule.self, from: data)
        } catch let error as DecodingError {
            if let syntax = JSONSyntaxPosition.syntaxError(in: data) { throw .invalid(path: path, keyPath: "", reason: "not valid JSON: \(syntax)") }
            throw RuleError(error, path: path)
        } catch {
            throw .invalid(path: path, keyPath: "", reason: "not valid JSON")
        }
    }
}

extension RuleError {
    /// Turns a decoding error into one that names the key path (`match[1].expect.within`).
    init(_ error: DecodingError, path: String) {
        let (keyPath, reason) = error.located
        self = .invalid(path: path, keyPath: keyPath, reason: reason)
    }
}
