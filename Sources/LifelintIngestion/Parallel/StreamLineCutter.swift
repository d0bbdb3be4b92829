@_spi(Bytes) import LifelintBytes

/// A stream (a gzip or zip entry inflated as it is read) cut into blocks of whole lines for
/// `OrderedBlockPipeline` (decision 0051): the block's filler cuts it, and the blocks are cut in
/// their order, each filler waiting for the one before to pass it the turn, so the stream is read
/// by one thread at a time, from start to end, while what is done with each block's lines runs
/// on every core. A line is cut where `ByteLineReader` cuts it (at `maximumLineLength`, the rest
/// dropped), unless the lines are records that must stay whole (JSON Lines); a read failure ends
/// the lines at the last whole one, as on one core, and is told by the block after them. What the
/// blocks did not take can still be read on one core (`rest()`).
final class StreamLineCutter: @unchecked Sendable {
    private let source: any ByteSource
    private let blockSize: Int
    private let cutsLongLines: Bool
    /// The bytes read after the last whole line of the block before (after a failed read, the
    /// line it cut short, for `rest()`).
    private var carry: [UInt8]
    /// Inside a line longer than `maximumLineLength`: its rest is dropped up to its newline.
    private var skippingRestOfLine = false
    private var ended = false
    private var failure: ReadBuffer.Failure?
    /// The bytes of the stream the blocks hold or dropped, read only once the pipeline ended.
    private(set) var bytesConsumed = 0
    private let turns: CuttingTurns
    private static let readSize = 1 << 18

    /// `unread`: bytes already read from `source` that the stream starts with. `cutsLongLines`:
    /// a line past `maximumLineLength` is cut there, as a line reader cuts it; otherwise it is
    /// kept whole, however long.
    init(source: any ByteSource, unread: [UInt8], blockSize: Int, window: Int, cutsLongLines: Bool = true) {
        self.source = source
        carry = unread
        self.blockSize = blockSize
        self.cutsLongLines = cutsLongLines
        turns = CuttingTurns(window: window)
    }

    /// Cuts block `index` into `block`, in its turn. A block cut empty is the stream's end, and
    /// the failure that ended it, if a read failed.
    func cut(index: Int, into block: inout LineBlock) -> (isEnd: Bool, failure: ReadBuffer.Failure?) {
        turns.inTurn(of: index) {
            var isEnd = false
            block.take { bytes, count in
                cutLines(into: &bytes, count: &count)
                isEnd = count == 0
            }
            return (isEnd, isEnd ? failure : nil)
        }
    }

    /// The carried bytes, then the stream's until the block holds `blockSize` bytes and a
    /// whole line; the bytes after its last whole line are carried to the next block.
    private func cutLines(into bytes: inout [UInt8], count: inout Int) {
        bytes.place(carry[...], after: &count)
        carry.removeAll(keepingCapacity: true)
        var lineStart = Self.lastNewline(in: bytes, from: 0, to: count).map { $0 + 1 } ?? 0
        while !ended, count < blockSize || lineStart == 0 {
            let start = count
            readMore(into: &bytes, count: &count, lineStart: lineStart)
            if let newline = Self.lastNewline(in: bytes, from: start, to: count) { lineStart = newline + 1 }
        }
        if ended, failure == nil {
            // The stream's last line may have no newline: it is a line all the same.
            bytesConsumed += count
            return
        }
        // A failed read ends the lines at the last whole one, as on one core; the line it cut
        // short is kept for `rest()` (it holds no newline, so a next block would not take it).
        carry.append(contentsOf: bytes[lineStart..<count])
        count = lineStart
        bytesConsumed += lineStart
    }

    /// Reads on into `bytes`. A line that grows past `maximumLineLength` (it started at
    /// `lineStart`) keeps one byte more than that, so it is cut as too long, and its rest is
    /// dropped up to its newline.
    private func readMore(into bytes: inout [UInt8], count: inout Int, lineStart: Int) {
        let start = count
        do {
            guard try bytes.read(from: source, upTo: Self.readSize, after: &count) > 0 else {
                ended = true
                return
            }
        } catch {
            failure = error
            ended = true
            return
        }
        guard cutsLongLines else { return }
        if skippingRestOfLine { dropRestOfLine(from: start, in: &bytes, count: &count) }
        let limit = lineStart + ByteLineReader.maximumLineLength + 1
        if count > limit, Self.firstNewline(in: bytes, from: lineStart, to: count) == nil {
            bytesConsumed += count - limit
            count = limit
            skippingRestOfLine = true
        }
    }

    /// The stream after the last block cut, as one core would go on reading it: the bytes read
    /// but not cut into a block, then the unread rest, or the failure that ended it. Only once
    /// no block is being cut.
    func rest() -> any ByteSource {
        let after: any ByteSource = failure.map { FailedSource($0) } ?? (ended ? EmptySource() : source)
        return PrefixedSource(carry, then: after)
    }

    /// Drops the bytes read at `start` up to the newline that ends the cut line, keeping that
    /// newline, or all of them when it has not come yet.
    private func dropRestOfLine(from start: Int, in bytes: inout [UInt8], count: inout Int) {
        guard let newline = Self.firstNewline(in: bytes, from: start, to: count) else {
            bytesConsumed += count - start
            count = start
            return
        }
        bytesConsumed += newline - start
        bytes.replaceSubrange(start..<newline, with: EmptyCollection())
        count -= newline - start
        skippingRestOfLine = false
    }

    private static func lastNewline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes[start..<end].lastIndex(of: .newline)
    }

    private static func firstNewline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes[start..<end].firstIndex(of: .newline)
    }
}
