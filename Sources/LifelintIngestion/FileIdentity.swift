#if canImport(Glibc)
@_spi(Bytes) import LifelintBytes
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as the file system knows it (device and inode), whatever the path that names it:
/// `x.log`, `./x.log`, `d/../x.log`, a link to it. A file that does not exist yet is known by
/// its folder's identity and its name, so two outputs named two ways are still one file.
public enum FileIdentity: Hashable, Sendable {
    case existing(device: UInt64, inode: UInt64)
    case new(folderDevice: UInt64, folderInode: UInt64, name: String)

    /// The file at `path` (links followed), or the one it would create; nil when neither can
    /// be told (its folder does not exist).
    public init?(path: String) {
        if let identity = Self.existing(path) {
            self = identity
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard case let .existing(device, inode)? = Self.existing(folder) else { return nil }
        self = .new(folderDevice: device, folderInode: inode, name: name)
    }

    /// What standard output is connected to.
    public static var standardOutput: FileIdentity? {
        var status = stat()
        guard fstat(STDOUT_FILENO, &status) == 0 else { return nil }
        return .existing(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Whether this is a regular file that exists.
    public var exists: Bool { if case .existing = self { true } else { false } }

    private static func existing(_ path: String) -> FileIdentity? {
        var status = stat()
        guard path != TraceInput.standardInputName, PathEncoding.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 else { return nil }
        return .existing(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
