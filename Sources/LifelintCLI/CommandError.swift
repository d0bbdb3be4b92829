import LifelintCore

/// A command that could not do its work for a reason outside the traces (exit status 2).
enum CommandError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotReadList(path: String, reason: String)
    case emptyList(path: String)

    var description: String {
        switch self {
        case let .cannotWrite(path, reason): "\(Echo.shortened(path)): cannot write: \(reason)"
        case let .cannotReadList(path, reason): "\(Echo.shortened(path)): cannot read the list of traces: \(reason)"
        case let .emptyList(path): "\(Echo.shortened(path)): the list of traces (--files-from) names none"
        }
    }
}
