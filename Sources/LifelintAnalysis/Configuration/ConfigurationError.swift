import LifelintModel

/// A configuration or baseline file lifelint cannot use. The message names the file and, for
/// content errors, the key path (`rules.severity.reconnect-storm`), so the fix is obvious.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalidJSON(path: String, reason: String)
    case invalid(path: String, keyPath: String, message: String)
    /// A rule id on the command line (`--select`, `--ignore`) that names no rule.
    case unknownRule(option: String, id: String, suggestion: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(Echo.shortened(path)): cannot read: \(reason)"
        case let .invalidJSON(path, reason): "\(Echo.shortened(path)): not valid JSON: \(Echo.capped(reason))"
        case let .invalid(path, keyPath, message): "\(Echo.shortened(path)): \(keyPath.isEmpty ? "the document" : "'\(Echo.shortened(keyPath))'"): \(Echo.capped(message))"
        case let .unknownRule(option, id, suggestion): "\(option): no rule '\(Echo.shortened(id))'\(suggestion); 'lifelint rules' lists them"
        }
    }
}
