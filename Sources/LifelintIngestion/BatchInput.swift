import LifelintModel


/// One item of a batch: a trace to read, or something the user named that yields no trace (a
/// pattern that matched nothing, a folder without trace files), reported as an error in its
/// place so the order stays the user's.
public enum BatchInput: Sendable, Hashable {
    case trace(String)
    case unmatched(String)
    case emptyFolder(String)

    public var path: String {
        switch self {
        case let .trace(path), let .unmatched(path), let .emptyFolder(path): path
        }
    }

    /// Why this item yields no trace; nil for a trace.
    package var error: IngestionError? {
        switch self {
        case .trace: nil
        case let .unmatched(pattern): .noMatch(pattern: pattern)
        case let .emptyFolder(folder): .noTraceFiles(folder: folder)
        }
    }
}
