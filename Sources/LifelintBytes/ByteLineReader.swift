#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor in large chunks and hands out its lines as byte buffers, without
/// allocating anything per line. Memory stays at one chunk (plus the longest line).
package final class ByteLineReader {
    /// A line longer than this is handed out cut to this length, and the rest of it is skipped,
    /// so it still counts as one line and every later line keeps its number; the buffer never
    /// grows past it on input that has no newlines.
    package static let maximumLineLength = 16 << 20
    /// Lines cut at `maximumLineLength`.
    package private(set) var truncatedLines = 0
    /// Inside a cut line: bytes are dropped up to its newline.
    private var skippingRestOfLine = false

    private let source: any ByteSource
    // The reader is used from one thread, and these are read per line: unchecked, they cost no
    // dynamic exclusivity check each time (as in `JSONStreamReader`).
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var reachedEnd = false
    @exclusivity(unchecked) package private(set) var bytesConsumed = 0

    /// `initial` holds bytes already read from the descriptor (to detect the container).
    package init(source: any ByteSource, initial: [UInt8] = [], chunkSize: Int = ReadBuffer.defaultChunkSize) {
        self.source = source
        (storage, capacity) = ReadBuffer.make(initial: initial.span, chunkSize: chunkSize)
        end = initial.count
    }

    deinit { storage.deallocate() }

    /// Fills the buffer as far as one chunk (or the end of input) and shows it to `body`, unconsumed, so
    /// a caller can look at the start of the input (format detection, binary sniffing).
    /// A read failure after some bytes arrived is left for `forEachLine` to meet again, so the
    /// lines before it are still read.
    package func withPrefetched<Result>(_ body: (Span<UInt8>) -> Result) throws(ReadFailure) -> Result {
        do {
            while !reachedEnd && end < capacity { try fill() }
        } catch {
            if end == start { throw error }
        }
        return body(unsafe UnsafeBufferPointer(start: storage + start, count: end - start).span)
    }

    /// The bytes read ahead and not yet handed out, and the source the rest comes from: for a
    /// reader that goes on with the input itself (a stream's lines cut into blocks on several
    /// cores). This reader hands out nothing more.
    package func takeRest() -> (unread: [UInt8], source: any ByteSource) {
        let unread = [UInt8](unsafe UnsafeBufferPointer(start: storage + start, count: end - start))
        start = end
        reachedEnd = true
        return (unread, source)
    }

    /// Calls `body` with every line, without its `\n`, in order; the last line may lack one.
    package func forEachLine(_ body: (Span<UInt8>) -> Void) throws(ReadFailure) {
        while true {
            if skippingRestOfLine { skipToNextLine() }
            while !skippingRestOfLine, start < end, let newline = memchr(storage + start, Int32(UInt8.newline), end - start) {
                let lineEnd = newline.assumingMemoryBound(to: UInt8.self) - storage
                body(unsafe UnsafeBufferPointer(start: storage + start, count: lineEnd - start).span)
                bytesConsumed += lineEnd + 1 - start
                start = lineEnd + 1
            }
            if reachedEnd {
                if !skippingRestOfLine, start < end {
                    body(unsafe UnsafeBufferPointer(start: storage + start, count: end - start).span)
                    bytesConsumed += end - start
                    start = end
                }
                return
            }
            try makeRoom(body)
            try fill()
        }
    }

    private func makeRoom(_ body: (Span<UInt8>) -> Void) throws(ReadFailure) {
        _ = ReadBuffer.compact(storage, start: &start, end: &end)
        guard end == capacity else { return }
        if capacity < Self.maximumLineLength {
            ReadBuffer.grow(&storage, capacity: &capacity, used: end)
        } else {
            body(unsafe UnsafeBufferPointer(start: storage, count: end).span)
            truncatedLines += 1
            skippingRestOfLine = true
            bytesConsumed += end
            end = 0
        }
    }

    /// Drops the rest of a cut line, up to and with its newline.
    private func skipToNextLine() {
        guard start < end else { return }
        if let newline = memchr(storage + start, Int32(UInt8.newline), end - start) {
            let lineEnd = newline.assumingMemoryBound(to: UInt8.self) - storage
            bytesConsumed += lineEnd + 1 - start
            start = lineEnd + 1
            skippingRestOfLine = false
        } else {
            bytesConsumed += end - start
            start = end
        }
    }

    private func fill() throws(ReadFailure) {
        reachedEnd = try ReadBuffer.readMore(from: source, into: storage, capacity: capacity, end: &end) == 0
    }

    package typealias ReadFailure = ReadBuffer.Failure
}
