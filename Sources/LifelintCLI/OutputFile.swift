import LifelintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a command writes a report or a baseline into (`--output FORMAT=PATH`,
/// `--write-baseline`): created and truncated when the command starts, so a path that cannot be
/// written is an error before any work; flushed and closed at the end, where a full disk or a
/// failed close is an error too.
final class OutputFile {
    let path: String
    let output: ByteOutput
    private var descriptor: Int32

    init(path: String) throws(CommandError) {
        descriptor = PathEncoding.openFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions: 0o644)
        self.path = PathEncoding.displayed(path)
        guard descriptor >= 0 else { throw .cannotWrite(path: self.path, reason: String(cString: strerror(errno))) }
        output = .fileDescriptor(descriptor, name: path)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Flushes and closes the file; the error, if the file is not complete.
    func finish() -> CommandError? {
        output.flush()
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0, output.failure == nil { output.fail(.closeFailed(errno: errno)) }
        return output.failure.map { .cannotWrite(path: path, reason: $0.reason) }
    }
}
