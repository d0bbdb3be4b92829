/// One item of a batch: a trace to read, or a pattern the user gave that matched nothing
/// (reported as an error in its place, so the order stays the user's).
public enum BatchInput: Sendable, Hashable {
    case trace(String)
    case unmatched(String)

    public var path: String {
        switch self {
        case let .trace(path), let .unmatched(path): path
        }
    }
}
