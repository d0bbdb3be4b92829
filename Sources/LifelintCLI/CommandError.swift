import LifelintCore
/// A command that could not do its work for a reason outside the traces (exit status 2).
enum CommandError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    var description: String {
        switch self {
        case let .cannotWrite(path, reason): "\(path): cannot write: \(reason)"
        }
    }
}
