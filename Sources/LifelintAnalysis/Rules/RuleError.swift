import LifelintModel

/// A rule file, rule folder or threshold that cannot be used. Messages name the file and the
/// key path inside it.
public enum RuleError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, keyPath: String, reason: String)
    case duplicateID(String, paths: [String])
    case invalidThreshold(String, reason: String)
    case unknownRule(String, suggestion: String)
    /// Every mistake found in the rules loaded, one per line.
    case several([RuleError])

    /// The errors one by one (`several` unwrapped).
    public var all: [RuleError] {
        if case let .several(errors) = self { return errors.flatMap(\.all) }
        return [self]
    }

    /// One error, or all of them together.
    static func combining(_ errors: [RuleError]) -> RuleError? {
        errors.count <= 1 ? errors.first : .several(errors)
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(Echo.shortened(path)): cannot read rule: \(reason)"
        case let .invalid(path, keyPath, reason): "\(Echo.shortened(path)): \(keyPath.isEmpty ? "" : "\(Echo.shortened(keyPath)): ")\(Echo.capped(reason))"
        case let .duplicateID(id, paths): "rule id '\(Echo.shortened(id))' is defined more than once: \(paths.map(Echo.shortened).joined(separator: ", "))"
        case let .invalidThreshold(assignment, reason): "invalid threshold '\(Echo.shortened(assignment))': \(Echo.capped(reason))"
        case let .unknownRule(id, suggestion): "no rule with id '\(Echo.shortened(id))'\(suggestion); 'lifelint rules' lists them"
        case let .several(errors): errors.map(\.description).joined(separator: "\n")
        }
    }
}
