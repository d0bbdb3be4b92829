import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte sink: a file descriptor (stdout, stderr, a report file) or memory (tests).
/// Writers append bytes; the buffer is flushed in large blocks, so output costs a few
/// syscalls however many events are written.
///
/// Writing never throws at each call: the first failure (a full disk, a closed pipe, a report
/// that could not be serialised) is kept in `failure`, later writes are dropped, and the command
/// reports it when it finishes, so a truncated report is never a silent success.
public final class ByteOutput {
    private enum Target {
        case fileDescriptor(Int32)
        case memory
    }

    private let target: Target
    /// What the output is, for messages: "standard output" or a path.
    public let name: String
    /// The first thing that went wrong, if anything did.
    public private(set) var failure: OutputFailure?
    /// Unchecked: every event's output goes through it, and an output is used from one thread.
    @exclusivity(unchecked) private var buffer = ByteBuffer(capacity: flushThreshold * 2)
    private static let flushThreshold = 1 << 16

    public static func standardOutput() -> ByteOutput { ByteOutput(target: .fileDescriptor(STDOUT_FILENO), name: "standard output") }
    public static func standardError() -> ByteOutput { ByteOutput(target: .fileDescriptor(STDERR_FILENO), name: "standard error") }
    public static func memory() -> ByteOutput { ByteOutput(target: .memory, name: "memory") }
    /// Writes to an open file descriptor the caller owns (and closes); `name` is its path.
    public static func fileDescriptor(_ descriptor: Int32, name: String = "output") -> ByteOutput {
        ByteOutput(target: .fileDescriptor(descriptor), name: name)
    }

    private init(target: Target, name: String) {
        self.target = target
        self.name = name
    }

    /// Records a failure found outside the byte sink (a report that could not be serialised);
    /// the first failure is the one reported.
    public func fail(_ failure: OutputFailure) {
        if self.failure == nil { self.failure = failure }
        buffer.removeAll()
    }

    /// Whether the reader went away (a closed pipe): nothing more will be read, and that is
    /// not an error.
    public var readerClosed: Bool { failure == .writeFailed(errno: EPIPE) }

    deinit { flush() }

    /// Whether the output is a terminal (for colour and progress).
    public var isTerminal: Bool {
        if case let .fileDescriptor(descriptor) = target { return isatty(descriptor) == 1 }
        return false
    }

    /// What a memory output has received (flushing first); empty for file descriptors.
    public var text: String {
        buffer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    public func write(_ text: String) {
        buffer.append(utf8Of: text)
        flushIfFull()
    }

    public func write(byte: UInt8) {
        buffer.append(byte)
    }

    public func write(bytes: Data) {
        bytes.withUnsafeBytes { buffer.append($0) }
        flushIfFull()
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer.append($0) }
        flushIfFull()
    }

    /// Lets `body` append to the output's own buffer: one call, no intermediate copy.
    package func append(_ body: (inout ByteBuffer) -> Void) {
        body(&buffer)
        flushIfFull()
    }

    public func writeLine(_ text: String) {
        write(text)
        buffer.append(.newline)
    }

    private func flushIfFull() {
        if buffer.count >= Self.flushThreshold { flush() }
    }

    public func flush() {
        guard case let .fileDescriptor(descriptor) = target, !buffer.isEmpty else { return }
        guard failure == nil else { return buffer.removeAll() }
        let error: Int32? = buffer.withBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll()
        if let error { fail(.writeFailed(errno: error)) }
    }
}
