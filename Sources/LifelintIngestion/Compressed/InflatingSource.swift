import CZlib
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Compressed bytes inflated as they are read (zlib), with no temporary copy: a gzip file
/// (several concatenated members, as `cat a.gz b.gz` makes, read as one), the raw deflate
/// data of a zip entry, or a zlib stream (a Perfetto trace's compressed packets).
final class InflatingSource: ByteSource {
    enum Format {
        case gzip
        case rawDeflate
        case zlib

        /// zlib's window bits: 15 + 16 expects a gzip wrapper, -15 no wrapper at all, 15 + 32
        /// either a zlib or a gzip header.
        var windowBits: Int32 {
            switch self {
            case .gzip: 15 + 16
            case .rawDeflate: -15
            case .zlib: 15 + 32
            }
        }

        var name: String {
            switch self {
            case .gzip: "gzip data"
            case .rawDeflate: "zip entry"
            case .zlib: "zlib data"
            }
        }
    }

    private let compressed: any ByteSource
    private let format: Format
    private var stream = z_stream()
    private let input: UnsafeMutablePointer<UInt8>
    private static let inputSize = 1 << 18
    private var inputEnded = false
    private var memberEnded = false
    private var finished = false
    /// An error met after some bytes were produced: those are returned first, the error on
    /// the next read, so everything before a corruption is still analysed.
    private var pendingFailure: ReadBuffer.Failure?

    init(_ compressed: any ByteSource, format: Format) throws(ReadBuffer.Failure) {
        self.compressed = compressed
        self.format = format
        input = .allocate(capacity: Self.inputSize)
        guard lifelint_inflate_init(&stream, format.windowBits) == Z_OK else {
            input.deallocate()
            throw ReadBuffer.Failure(message: "cannot start decompressing \(format.name)")
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        if let pendingFailure { throw pendingFailure }
        guard !finished, count > 0 else { return 0 }
        let capacity = min(count, Int(UInt32.max))
        do {
            try inflate(into: buffer, count: capacity)
        } catch {
            pendingFailure = error
            if Int(stream.avail_out) == capacity { throw error }
        }
        return capacity - Int(stream.avail_out)
    }

    /// Reads the rest of the input, which must be zeros.
    private func skipPadding() throws(ReadBuffer.Failure) {
        while true {
            for index in 0..<Int(stream.avail_in) where stream.next_in[index] != 0 {
                throw ReadBuffer.Failure(message: "corrupt \(format.name): bytes other than zeros after the compressed data")
            }
            stream.avail_in = 0
            let read = try compressed.read(into: input, count: Self.inputSize)
            guard read > 0 else { return }
            stream.next_in = input
            stream.avail_in = UInt32(read)
        }
    }

    private func inflate(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) {
        stream.next_out = buffer
        stream.avail_out = UInt32(count)
        while stream.avail_out > 0, !finished {
            if stream.avail_in == 0, !inputEnded {
                let read = try compressed.read(into: input, count: Self.inputSize)
                if read == 0 {
                    inputEnded = true
                } else {
                    stream.next_in = input
                    stream.avail_in = UInt32(read)
                }
            }
            if stream.avail_in == 0, inputEnded {
                guard memberEnded || stream.total_in == 0 else { throw ReadBuffer.Failure(message: "truncated \(format.name) (the compressed data ends early)") }
                finished = true
                break
            }
            if memberEnded {
                // After a member, zeros to the end are padding (tape blocks, some archivers),
                // as gzip itself reads them; another member starts with the magic byte.
                if stream.avail_in > 0, stream.next_in[0] == 0 {
                    try skipPadding()
                    finished = true
                    break
                }
                inflateReset(&stream)
                memberEnded = false
            }
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END:
                memberEnded = true
                if format != .gzip { finished = true }
            case Z_OK, Z_BUF_ERROR: break
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw ReadBuffer.Failure(message: "corrupt \(format.name): \(reason)")
            }
        }
    }
}
