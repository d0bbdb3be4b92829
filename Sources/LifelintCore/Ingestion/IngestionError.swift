/// Why a trace could not be read. Each case names the file (and the line, where there is one)
/// so the message alone tells the user where to look.
public enum IngestionError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case isDirectory(path: String)
    case binaryContent(path: String, line: Int)
    case readFailed(path: String, line: Int, reason: String)
    case unrecognisedFormat(path: String, line: Int, reason: String)
    case unsafeContent(path: String, line: Int, reason: String)
    case unknownInputFormat(name: String, known: [String])

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "\(path): cannot open: \(reason)"
        case let .isDirectory(path):
            return "\(path): is a directory, not a trace file"
        case let .binaryContent(path, line):
            return "\(path):\(line): binary content (NUL bytes): not a text trace in a format lifelint reads"
        case let .readFailed(path, line, reason):
            return "\(path):\(line): read failed: \(reason)"
        case let .unrecognisedFormat(path, line, reason):
            return "\(path):\(line): not a trace format lifelint reads (\(reason))"
        case let .unsafeContent(path, line, reason):
            return "\(path):\(line): refused: \(reason)"
        case let .unknownInputFormat(name, known):
            return "unknown input format '\(name)'; expected one of: \(known.joined(separator: ", "))"
        }
    }
}
