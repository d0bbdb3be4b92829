@_spi(Bytes) import LifelintBytes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a stream that does not end (`lifelint watch`): standard input until it closes,
/// or a file followed as `tail -F` follows it: read to its end, then polled for more; read again
/// from its start when it is truncated, and from the new file's start when it is replaced
/// (rotated) or appears. Each read takes what is there, so a line is handed on as soon as its
/// newline arrives.
public struct LiveLineSource: Sendable {
    private enum Origin: Sendable {
        case standardInput
        case file(String)
    }

    private let origin: Origin
    /// A followed path that is not a regular file (a FIFO, a device): read to its end, as
    /// standard input is; there is nothing to poll or rewind.
    private var isStream = false
    private var descriptor: Int32 = -1
    private var offset = 0
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// How long a followed file is left between polls.
    public static let pollInterval = 100_000_000

    private init(_ origin: Origin, descriptor: Int32) {
        self.origin = origin
        self.descriptor = descriptor
    }

    public static var standardInput: LiveLineSource { LiveLineSource(.standardInput, descriptor: 0) }

    public init(following path: String) {
        self.init(.file(path), descriptor: -1)
    }

    public var name: String {
        switch origin {
        case .standardInput: "-"
        case .file(let path): path
        }
    }

    /// Calls `body` with each line (without its newline) as it arrives, and `idle` whenever the
    /// stream has nothing new, at least every poll interval for a followed file; returns when
    /// standard input closes or `idle` returns false.
    public mutating func forEachLine(idle: () -> Bool, _ body: (Span<UInt8>) -> Void) throws(IngestionError) {
        while true {
            let count = try readAvailable()
            if count > 0 {
                handOverLines(body)
                continue
            }
            if case .standardInput = origin {
                if !pending.isEmpty { body(pending.span) }
                return
            }
            if isStream, descriptor >= 0 {
                if !pending.isEmpty { body(pending.span) }
                return
            }
            guard idle() else { return }
            usleep(useconds_t(Self.pollInterval / 1000))
            reopenIfReplaced()
        }
    }

    private mutating func handOverLines(_ body: (Span<UInt8>) -> Void) {
        var start = 0
        while let end = pending.span.firstIndex(of: .newline, in: start...) {
            body(pending.span.extracting(start..<end).droppingCarriageReturn())
            start = end + 1
        }
        pending.removeFirst(start)
    }

    /// Reads what is there now into `pending`; 0 at the end of what has been written.
    private mutating func readAvailable() throws(IngestionError) -> Int {
        if descriptor < 0 { openFile() }
        guard descriptor >= 0 else { return 0 }
        let count: Int
        do {
            count = try chunk.withUnsafeMutableBufferPointer { buffer throws(ReadBuffer.Failure) in
                try ReadBuffer.read(descriptor, into: buffer.baseAddress!, count: buffer.count)
            }
        } catch {
            throw .readFailed(path: name, line: 1, reason: error.message)
        }
        pending.append(contentsOf: chunk[..<count])
        offset += count
        return count
    }

    /// A followed file that does not exist yet is waited for.
    private mutating func openFile() {
        guard case .file(let path) = origin else { return }
        descriptor = open(path, O_RDONLY)
        offset = 0
        var status = stat()
        isStream = descriptor >= 0 && fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
    }

    /// A followed file truncated (shorter than what was read) is read again from its start; one
    /// replaced by another file of its name (rotation), from the new file's start.
    private mutating func reopenIfReplaced() {
        guard case .file(let path) = origin else { return }
        guard descriptor >= 0 else { return openFile() }
        var current = stat()
        var named = stat()
        guard fstat(descriptor, &current) == 0 else { return }
        if stat(path, &named) == 0, named.st_ino != current.st_ino || named.st_dev != current.st_dev {
            close(descriptor)
            descriptor = -1
            pending.removeAll()
            return openFile()
        }
        if Int(current.st_size) < offset {
            lseek(descriptor, 0, SEEK_SET)
            offset = 0
            pending.removeAll()
        }
    }
}
