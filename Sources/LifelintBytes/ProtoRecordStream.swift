/// The top-level records of a Protocol Buffers stream whose message is one repeated field, as a
/// Perfetto trace is (`repeated TracePacket packet = 1`): read record by record from a source,
/// each handed out whole, so memory stays bounded by the largest record however long the
/// stream is.
package struct ProtoRecordStream {
    package struct Record: Sendable {
        package let number: Int
        /// Where the record's key starts in the stream.
        package let offset: Int64
        /// The 1-based position of the record in the stream.
        package let ordinal: Int

        package init(number: Int, offset: Int64, ordinal: Int) {
            self.number = number
            self.offset = offset
            self.ordinal = ordinal
        }
    }

    package enum Failure: Error, Sendable, Equatable {
        /// The source could not be read.
        case unreadable(String, at: Int64)
        /// The record's key or length is not the wire format, or not a length-delimited field.
        case malformed(String, at: Int64)
        /// The stream ends `missing` bytes before the record does.
        case truncated(at: Int64, missing: Int)
        case tooLarge(Int, at: Int64)
    }

    private let source: any ByteSource
    private var buffer: [UInt8]
    private var start = 0
    private var end: Int
    /// The stream offset of `buffer[0]`.
    private var bufferOffset: Int64 = 0
    private var sourceEnded = false
    private var ordinal = 0
    private let maximumRecordSize: Int
    private static let chunkSize = 1 << 20
    /// The bytes held before each record is framed: its key and its length, ten bytes at most
    /// each. A read that fails while they are filled stops the stream there, whatever whole
    /// records they hold.
    package static let headerLookahead = 20

    /// `offset` and `recordsBefore`: where `source` starts in a stream whose records before it
    /// were read elsewhere (by a reader on several cores), so that records are placed and
    /// numbered as in the whole stream.
    package init(
        source: any ByteSource, initial: [UInt8], maximumRecordSize: Int = 256 << 20, offset: Int64 = 0, recordsBefore: Int = 0
    ) {
        self.source = source
        buffer = initial
        end = initial.count
        self.maximumRecordSize = maximumRecordSize
        bufferOffset = offset
        ordinal = recordsBefore
    }

    /// Bytes read from the stream so far.
    package var bytesRead: Int64 { bufferOffset + Int64(end) }

    /// Calls `body` with each record and its payload, in order; returns what stopped it before
    /// the end, if anything did.
    package mutating func forEach(_ body: (Record, Span<UInt8>) -> Void) -> Failure? {
        while true {
            if let failure = fill(atLeast: Self.headerLookahead) { return failure }
            guard start < end else { return nil }
            let offset = bufferOffset + Int64(start)
            let (key, length) = header()
            guard let key, key.value & 7 == 2, key.value >> 3 > 0 else {
                return .malformed("not a length-delimited field where a record starts", at: offset)
            }
            guard let length else {
                return sourceEnded ? .truncated(at: offset, missing: 1) : .malformed("a record's length is not a varint", at: offset)
            }
            guard length.value <= UInt64(maximumRecordSize) else { return .tooLarge(Int(clamping: length.value), at: offset) }
            let header = key.length + length.length
            let total = header + Int(length.value)
            if let failure = fill(atLeast: total) { return failure }
            guard end - start >= total else { return .truncated(at: offset, missing: total - (end - start)) }
            ordinal += 1
            let record = Record(number: Int(key.value >> 3), offset: offset, ordinal: ordinal)
            body(record, buffer.span.extracting(start + header..<start + total))
            start += total
        }
    }

    /// The key and length varints at `start`, as far as the bytes held reach.
    private func header() -> (key: (value: UInt64, length: Int)?, length: (value: UInt64, length: Int)?) {
        Self.header(of: buffer.span.extracting(start..<end))
    }

    /// The key and length varints a record starting `bytes` opens with, as far as they reach.
    package static func header(of bytes: Span<UInt8>) -> (key: (value: UInt64, length: Int)?, length: (value: UInt64, length: Int)?) {
        guard let key = ProtoFieldReader.varint(at: 0, in: bytes) else { return (nil, nil) }
        return (key, ProtoFieldReader.varint(at: key.length, in: bytes))
    }

    /// Reads until `count` bytes from `start` are held or the source ends.
    private mutating func fill(atLeast count: Int) -> Failure? {
        guard end - start < count, !sourceEnded else { return nil }
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                let base = bytes.baseAddress!
                unsafe (base).update(from: base + start, count: end - start)
            }
            bufferOffset += Int64(start)
            end -= start
            start = 0
        }
        let capacity = max(count, Self.chunkSize)
        if buffer.count < capacity { buffer.append(contentsOf: repeatElement(0, count: capacity - buffer.count)) }
        while end < count {
            do {
                let read = try buffer.withUnsafeMutableBufferPointer { bytes throws(ReadBuffer.Failure) in
                    try source.read(into: bytes.baseAddress! + end, count: bytes.count - end)
                }
                guard read > 0 else {
                    sourceEnded = true
                    return nil
                }
                end += read
            } catch {
                sourceEnded = true
                return .unreadable(error.message, at: bufferOffset + Int64(end))
            }
        }
        return nil
    }
}

extension ProtoRecordStream.Failure {
    /// Where a failure that stops the stream at a record it cannot frame happened: the end of
    /// what was read of the trace (a reader holds bytes past it, as many as its buffer took,
    /// which are no part of it); nil for one that ends the stream's bytes (cut short, unreadable).
    package var framingBreak: Int64? {
        switch self {
        case .malformed(_, let at), .tooLarge(_, let at): at
        case .truncated, .unreadable: nil
        }
    }

    /// Where in the stream it happened.
    package var offset: Int64 {
        switch self {
        case .unreadable(_, let at), .malformed(_, let at), .truncated(let at, _), .tooLarge(_, let at): at
        }
    }

    package var message: String {
        switch self {
        case .unreadable(let reason, _): "cannot read the trace: \(reason)"
        case .malformed(let reason, _): "the trace breaks off: \(reason); the packets before it were read"
        case .truncated(_, let missing): "the trace ends \(missing) byte\(missing == 1 ? "" : "s") short of its last packet's end (a cut-off file); the packets before it were read"
        case .tooLarge(let size, _): "a packet of \(size) bytes, more than lifelint reads at once; the packets before it were read"
        }
    }
}
