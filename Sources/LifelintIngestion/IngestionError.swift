import LifelintModel

/// Why a trace could not be read. Each case names the file (and the line, where there is one)
/// so the message alone tells the user where to look.
public enum IngestionError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case isDirectory(path: String)
    /// `kind` says what it looks like (`a PNG image`, `binary data`).
    case binaryContent(path: String, line: Int, kind: String)
    case readFailed(path: String, line: Int, reason: String)
    case unrecognisedFormat(path: String, line: Int, reason: String)
    case unsafeContent(path: String, line: Int, reason: String)
    case unknownInputFormat(name: String, known: [String])
    /// A pattern on the command line that matched no file.
    case noMatch(pattern: String)
    /// A folder on the command line with no trace files in it.
    case noTraceFiles(folder: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "\(path): cannot open: \(reason)"
        case let .isDirectory(path):
            return "\(path): is a directory, not a trace file"
        case let .binaryContent(path, line, kind):
            return "\(path):\(line): \(kind), not a trace (binary content); \(ContentSketch.readable)"
        case let .readFailed(path, line, reason):
            return "\(path):\(line): read failed: \(reason)"
        case let .unrecognisedFormat(path, line, reason):
            return "\(path):\(line): not a trace format lifelint reads (\(reason))"
        case let .unsafeContent(path, line, reason):
            return "\(path):\(line): refused: \(reason)"
        case let .noMatch(pattern):
            return "\(pattern): no file matches this pattern"
        case let .noTraceFiles(folder):
            let names = InputExpander.traceExtensions.sorted().map { "." + $0 } + TestLabDeviceFolder.traceFileNames.sorted()
            return "\(folder): a folder with no trace files (\(names.joined(separator: " ")))"
        case let .unknownInputFormat(name, known):
            return "unknown input format '\(name)'; expected one of: \(known.joined(separator: ", "))"
        }
    }
}
