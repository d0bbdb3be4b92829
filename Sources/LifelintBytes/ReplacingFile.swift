#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written whole or not at all: a regular file (or one that does not exist yet) is
/// written under a hidden temporary name beside it and renamed over it once complete, so an
/// interrupted run, a full disk or a failed write leaves the previous file as it was, never an
/// empty or truncated one. A symbolic link is written through (its target is replaced, the link
/// kept); a device or a pipe (`/dev/stdout`, a FIFO) is written in place.
public final class ReplacingFile {
    public let output: ByteOutput
    private var descriptor: Int32
    /// The temporary file and the file it becomes; nil when written in place.
    private let replacement: (temporary: String, target: String)?

    /// Opens the file for writing; the reason it cannot be, as `strerror` gives it.
    public init(path: String) throws(ReplacingFile.Failure) {
        let target = Self.resolved(path)
        if let target, let status = Self.status(of: target), status.st_mode & S_IFMT != S_IFREG {
            descriptor = PathEncoding.openFile(target, O_WRONLY | O_CLOEXEC)
            replacement = nil
        } else {
            let destination = target ?? path
            let (descriptor, temporary) = Self.makeTemporary(beside: destination, mode: target.flatMap(Self.status).map { $0.st_mode & 0o7777 })
            self.descriptor = descriptor
            replacement = temporary.map { ($0, destination) }
        }
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        output = .fileDescriptor(descriptor, name: path)
    }

    public struct Failure: Error {
        public let reason: String
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if let replacement { TemporaryFiles.remove(replacement.temporary) }
    }

    /// Flushes and closes the file and gives it its name; the failure, if it is not complete
    /// (its temporary file is removed, and the previous file stays).
    public func commit() -> OutputFailure? {
        output.flush()
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0, output.failure == nil { output.fail(.closeFailed(errno: errno)) }
        if let failure = output.failure { return failure }
        guard let replacement else { return nil }
        let renamed = PathEncoding.withFileSystemRepresentation(replacement.temporary) { from in
            PathEncoding.withFileSystemRepresentation(replacement.target) { to in rename(from, to) }
        }
        guard renamed == 0 else { return .writeFailed(errno: errno) }
        TemporaryFiles.forget(replacement.temporary)
        return nil
    }

    /// The file the path names once its links are followed; nil when nothing is there yet.
    private static func resolved(_ path: String) -> String? {
        PathEncoding.withFileSystemRepresentation(path) { name -> String? in
            guard let resolved = realpath(name, nil) else { return nil }
            defer { free(resolved) }
            return PathEncoding.string(cString: resolved)
        }
    }

    private static func status(of path: String) -> stat? {
        var status = stat()
        return PathEncoding.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 ? status : nil
    }

    /// `folder/.name.lifelint-XXXXXX`, hidden (a folder walk skips it), with the mode of the
    /// file it replaces (else what a new file gets under the umask), registered so that an
    /// interrupt removes it.
    private static func makeTemporary(beside path: String, mode: mode_t?) -> (Int32, String?) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = PathEncoding.withFileSystemRepresentation(folder + "." + name + ".lifelint-XXXXXX") { Array(UnsafeBufferPointer(start: $0, count: strlen($0) + 1)) }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return (descriptor, nil) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        fchmod(descriptor, mode ?? (0o666 & ~currentUmask))
        let temporary = template.withUnsafeBufferPointer { PathEncoding.string(cString: $0.baseAddress!) }
        TemporaryFiles.register(temporary)
        return (descriptor, temporary)
    }

    /// The process's umask, read once (reading it means setting it).
    private static let currentUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}
