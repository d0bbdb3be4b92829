#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output is incomplete.
public enum OutputFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// `write(2)` failed with this `errno` (ENOSPC on a full disk, EPIPE when the reader left).
    case writeFailed(errno: Int32)
    /// `close(2)` failed (on some file systems the last write's error surfaces only there).
    case closeFailed(errno: Int32)
    /// The report could not be encoded (a value JSON cannot hold).
    case unserializable(String)

    public var description: String { "cannot write: " + reason }

    /// Why, without the "cannot write" (for messages that already say it).
    public var reason: String {
        switch self {
        case let .writeFailed(code): String(cString: strerror(code))
        case let .closeFailed(code): "closing the file failed: \(String(cString: strerror(code)))"
        case let .unserializable(reason): "the report could not be encoded (\(reason))"
        }
    }
}
