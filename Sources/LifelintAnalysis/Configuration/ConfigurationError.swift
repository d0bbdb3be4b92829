import LifelintModel

/// A configuration or baseline file lifelint cannot use. The message names the file and, for
/// content errors, the key path (`rules.severity.reconnect-storm`), so the fix is obvious.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalidJSON(path: String, reason: String)
    case invalid(path: String, keyPath: String, message: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read: \(reason)"
        case let .invalidJSON(path, reason): "\(path): not valid JSON: \(reason)"
        case let .invalid(path, keyPath, message): "\(path): \(keyPath.isEmpty ? "the document" : "'\(keyPath)'"): \(message)"
        }
    }
}
