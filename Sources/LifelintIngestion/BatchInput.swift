@_spi(Bytes) import LifelintBytes
import LifelintModel

/// One item of a batch: a trace to read, or something the user named that yields no trace (a
/// pattern that matched nothing, a folder without trace files), reported as an error in its
/// place so the order stays the user's.
public enum BatchInput: Sendable, Hashable {
    case trace(String)
    case unmatched(String)
    case emptyFolder(String)
    /// A folder a walk found but could not list.
    case unreadableFolder(String, reason: String)

    public var path: String {
        switch self {
        case let .trace(path), let .unmatched(path), let .emptyFolder(path), let .unreadableFolder(path, _): path
        }
    }

    /// Why this item yields no trace; nil for a trace.
    package var error: IngestionError? {
        switch self {
        case .trace: nil
        case let .unmatched(pattern): .noMatch(pattern: PathEncoding.displayed(pattern))
        case let .emptyFolder(folder): .noTraceFiles(folder: PathEncoding.displayed(folder))
        case let .unreadableFolder(folder, reason): .cannotOpen(path: PathEncoding.displayed(folder), reason: "cannot list the folder: \(reason)")
        }
    }
}
