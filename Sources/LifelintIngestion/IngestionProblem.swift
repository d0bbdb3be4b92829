import LifelintModel

/// Malformed content at one place in a trace that is otherwise readable.
public struct IngestionProblem: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
