@_spi(Bytes) import LifelintBytes

/// A Perfetto trace cut into blocks of whole top-level records for `OrderedBlockPipeline`
/// (decision 0051). A record's end is known only from its start (no byte marks one), so the
/// blocks are cut in turn, as `StreamLineCutter` cuts lines: the thread that claimed block N
/// waits for block N − 1's cut, reads on until its block holds `blockSize` bytes of whole
/// records, and carries the bytes after the last one to the next block. Cutting only reads
/// each record's key and length; what is in the records is read on every core.
///
/// Anything that is not a whole, well-framed record of at most `largestRecordInBlock` (a key that
/// is not a length-delimited field, a longer record, a trace cut short, a failed read) ends the blocks
/// there: `rest()` is the stream from that record on, for one core to read and report exactly
/// as it would have.
final class PerfettoPacketCutter: @unchecked Sendable {
    /// A whole record of a block: where it is in the stream, and its payload in the block.
    struct Placed {
        let record: ProtoRecordStream.Record
        let payload: Range<Int>
    }

    private let source: any ByteSource
    private let blockSize: Int
    /// The bytes read after the last whole record of the block before, which starts at `offset`.
    private var carry: [UInt8]
    private(set) var offset: Int64 = 0
    /// The records cut into blocks.
    private(set) var records = 0
    private var ended = false
    private var failure: ReadBuffer.Failure?
    /// Set at the first record that is not whole and well framed: no block goes past it.
    private var stopped = false
    private let turns: CuttingTurns
    private static let readSize = 1 << 20

    /// `unread`: bytes already read from `source` that the stream starts with.
    init(source: any ByteSource, unread: [UInt8], blockSize: Int, window: Int) {
        self.source = source
        carry = unread
        self.blockSize = blockSize
        turns = CuttingTurns(window: window)
    }

    /// Cuts block `index` into `bytes` (its first `count` bytes) and `placed`, in its turn. A
    /// block cut without records is the end of the blocks.
    func cut(index: Int, into bytes: inout [UInt8], count: inout Int, placed: inout [Placed]) {
        turns.inTurn(of: index) { cut(into: &bytes, count: &count, placed: &placed) }
    }

    private func cut(into bytes: inout [UInt8], count: inout Int, placed: inout [Placed]) {
        placed.removeAll(keepingCapacity: true)
        count = 0
        bytes.place(carry[...], after: &count)
        carry.removeAll(keepingCapacity: true)
        var position = 0
        while position < blockSize, let (number, header, total) = wholeRecord(at: position, in: &bytes, count: &count) {
            records += 1
            let record = ProtoRecordStream.Record(number: number, offset: offset + Int64(position), ordinal: records)
            placed.append(Placed(record: record, payload: position + header..<position + total))
            position += total
        }
        carry.append(contentsOf: bytes[position..<count])
        count = position
        offset += Int64(position)
    }

    /// The stream from the first record not cut into a block: the bytes read but not cut, then
    /// the unread rest, or the failure that ended it. Only once no block is being cut.
    func rest() -> any ByteSource {
        let after: any ByteSource = failure.map { FailedSource($0) } ?? (ended ? EmptySource() : source)
        return PrefixedSource(carry, then: after)
    }

    /// The record at `position`, read on until it is whole: its field number, and its header's
    /// and its whole length. Nil at the stream's end, and where no whole, well-framed record
    /// starts, which stops the blocks there.
    private func wholeRecord(at position: Int, in bytes: inout [UInt8], count: inout Int) -> (number: Int, header: Int, total: Int)? {
        guard !stopped else { return nil }
        let lookahead = ProtoRecordStream.headerLookahead
        while true {
            let available = count - position
            // As one core does: the header's bytes first, and a read failing there stops it.
            if available < lookahead, !ended {
                readMore(into: &bytes, count: &count)
                continue
            }
            if available < lookahead, failure != nil { return stop() }
            let (key, length) = ProtoRecordStream.header(of: bytes.span.extracting(position..<count))
            if let key, key.value & 7 != 2 || key.value >> 3 == 0 { return stop() }
            if let key, let length {
                // A longer one is left to one core, which reports it if it is too long to read.
                guard length.value <= UInt64(Self.largestRecordInBlock) else { return stop() }
                let header = key.length + length.length
                let total = header + Int(length.value)
                if available >= total { return (Int(key.value >> 3), header, total) }
            } else if available >= lookahead {
                return stop()
            }
            guard !ended else { return available > 0 ? stop() : nil }
            readMore(into: &bytes, count: &count)
        }
    }

    /// The largest record a block takes. A larger one is read on one core with the rest of
    /// the trace: a window of blocks each holding one would hold several times what one core
    /// holds (a record may be 256 MiB), and recorded traces' packets are kilobytes.
    private static let largestRecordInBlock = 8 << 20

    /// Ends the blocks before the record at hand: the reader reads the rest as one core would.
    private func stop() -> (number: Int, header: Int, total: Int)? {
        stopped = true
        return nil
    }

    /// Reads up to `readSize` bytes more after the first `count`; the stream's end or a failed
    /// read ends the reading.
    private func readMore(into bytes: inout [UInt8], count: inout Int) {
        do {
            if try bytes.read(from: source, upTo: Self.readSize, after: &count) == 0 { ended = true }
        } catch {
            failure = error
            ended = true
        }
    }
}
