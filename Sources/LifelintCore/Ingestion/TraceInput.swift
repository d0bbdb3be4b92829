#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open trace: a file, or standard input when the user names `-`.
public final class TraceInput {
    /// The name shown in diagnostics and `source.path`, exactly as the user wrote it.
    public let path: String
    let fileDescriptor: Int32
    /// The year of the file's last modification (the current year for standard input), used to
    /// complete logcat times that have no year.
    public let modificationYear: Int
    private let ownsDescriptor: Bool

    public static let standardInputName = "-"

    public init(path: String) throws(IngestionError) {
        self.path = path
        if path == Self.standardInputName {
            fileDescriptor = STDIN_FILENO
            ownsDescriptor = false
            modificationYear = Self.year(ofSecondsSinceEpoch: Int64(time(nil)))
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotOpen(path: path, reason: reason)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .isDirectory(path: path)
        }
        fileDescriptor = descriptor
        ownsDescriptor = true
        modificationYear = Self.year(ofSecondsSinceEpoch: Int64(status.st_mtim.tv_sec))
    }

    /// Reads the first bytes (up to `count`) to identify the container; the readers are then
    /// seeded with them, so standard input works as well as files.
    func readHead(_ count: Int = 1 << 16) throws(IngestionError) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = head.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress! + filled, count - filled) }
            if result > 0 {
                filled += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                throw .readFailed(path: path, line: 1, reason: String(cString: strerror(errno)))
            }
        }
        head.removeLast(count - filled)
        return head
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    private static func year(ofSecondsSinceEpoch seconds: Int64) -> Int {
        CivilDateTime(nanosecondsSinceEpoch: seconds * 1_000_000_000).year
    }
}
