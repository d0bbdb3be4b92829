import Dispatch
@_spi(Bytes) import LifelintBytes
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain logcat file read on several cores (decision 0051): the file is cut into blocks, each
/// the lines that start in it; workers read and prepare blocks (`LogcatLinePreparer`: cleaning,
/// parsing, the recognizer's interest), and the one reader reads their lines in file order, so
/// what it makes of them is what one core would make. Two blocks per worker are in flight, each
/// reused for the block after next: memory follows the number of workers, not the file.
enum LogcatParallelReading {
    /// Which files are read on several cores, and the blocks they are cut into.
    struct Limits: Sendable, Hashable {
        /// Files smaller than this are read on one core: the workers' start costs more than
        /// they save.
        var minimumFileSize = 8 << 20
        var blockSize = 2 << 20
    }

    /// One block's lines: the bytes they were read into (`count` of them used), each line's
    /// extent and preparation, and the records and interests of its lines of interest. Owned by one
    /// thread at a time, handed over by the slot's semaphores.
    final class Block: @unchecked Sendable {
        var bytes: [UInt8] = []
        var count = 0
        var lines: [Range<Int32>] = []
        var prepared: [LogcatPreparedLine] = []
        var table = LogcatInterestTable()
        /// Lines cut at `ByteLineReader.maximumLineLength`, as a line reader cuts them.
        var truncatedLines = 0
        var failure: ReadBuffer.Failure?

        /// Each line, in order, and a pointer to its preparation, valid during the call.
        func forEachLine(_ body: (Span<UInt8>, UnsafePointer<LogcatPreparedLine>) -> Void) {
            bytes.withUnsafeBufferPointer { bytes in
                lines.withUnsafeBufferPointer { lines in
                    prepared.withUnsafeBufferPointer { prepared in
                        for index in lines.indices {
                            body(bytes.extracting(Int(lines[index].lowerBound)..<Int(lines[index].upperBound)).span, prepared.baseAddress! + index)
                        }
                    }
                }
            }
        }
    }

    /// A block in flight: where a worker leaves it and the reader waits for it.
    private final class Slot: @unchecked Sendable {
        let ready = DispatchSemaphore(value: 0)
        let block = Block()
    }

    /// Hands the file's blocks in order to `body`, their lines prepared by `workers` threads
    /// beside the caller's; returns the lines cut for their length, or the read failure
    /// that stopped it.
    static func read(
        descriptor: Int32, size: Int, workers: Int, blockSize: Int, format: LogcatLayout, hasLineNumbers: Bool, mappings: [LineMapping],
        _ body: (Block) -> Void
    ) -> (truncatedLines: Int, failure: ReadBuffer.Failure?) {
        let blocks = (size + blockSize - 1) / blockSize
        let window = max(2, workers * 2)
        let slots = (0..<window).map { _ in Slot() }
        let free = DispatchSemaphore(value: window)
        let next = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                var preparer = LogcatLinePreparer(format: format, hasLineNumbers: hasLineNumbers, mappings: mappings)
                while true {
                    free.wait()
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < blocks else {
                        free.signal()
                        return
                    }
                    let slot = slots[index % window]
                    fill(slot.block, index: index, descriptor: descriptor, size: size, blockSize: blockSize, &preparer)
                    slot.ready.signal()
                }
            }
        }
        var truncated = 0
        var failure: ReadBuffer.Failure?
        for index in 0..<blocks {
            let slot = slots[index % window]
            slot.ready.wait()
            let block = slot.block
            if failure == nil {
                failure = block.failure
                truncated += block.truncatedLines
                body(block)
            }
            free.signal()
        }
        group.wait()
        return (truncated, failure)
    }

    /// Block `index`: the lines whose first byte is in it, read whole (the last may run past
    /// its end), each prepared.
    private static func fill(_ block: Block, index: Int, descriptor: Int32, size: Int, blockSize: Int, _ preparer: inout LogcatLinePreparer) {
        block.count = 0
        block.truncatedLines = 0
        block.failure = nil
        var lines: [Range<Int32>] = []
        var prepared: [LogcatPreparedLine] = []
        var table = LogcatInterestTable()
        swap(&lines, &block.lines)
        swap(&prepared, &block.prepared)
        swap(&table, &block.table)
        lines.removeAll(keepingCapacity: true)
        prepared.removeAll(keepingCapacity: true)
        table.removeAll()
        defer {
            swap(&lines, &block.lines)
            swap(&prepared, &block.prepared)
            swap(&table, &block.table)
        }
        let begin = index * blockSize
        // The byte before the block says whether a line starts at its first byte.
        let readStart = max(0, begin - 1)
        let end = min(size, begin + blockSize) - readStart
        do throws(ReadBuffer.Failure) {
            try append(block, descriptor, from: readStart, count: end)
            try readOnToLineEnd(block, after: end, descriptor, readStart: readStart, size: size)
        } catch {
            block.failure = error
            return
        }
        var truncated = 0
        block.bytes.withUnsafeBufferPointer { buffer in
            let bytes = buffer.extracting(0..<block.count).span
            var lineStart = 0
            if index > 0 {
                guard let newline = ByteSearch.firstIndex(of: .newline, in: bytes) else { return }
                lineStart = newline + 1
            }
            while lineStart < end {
                let lineEnd = ByteSearch.firstIndex(of: .newline, in: bytes, from: lineStart) ?? bytes.count
                var cut = lineEnd
                if cut - lineStart > ByteLineReader.maximumLineLength {
                    cut = lineStart + ByteLineReader.maximumLineLength
                    truncated += 1
                }
                prepared.append(preparer.prepare(bytes.extracting(lineStart..<cut), into: &table))
                lines.append(Int32(lineStart)..<Int32(cut))
                lineStart = lineEnd + 1
            }
        }
        block.truncatedLines = truncated
    }

    /// Reads on until the line that holds byte `end - 1` has ended, or the file has.
    private static func readOnToLineEnd(_ block: Block, after end: Int, _ descriptor: Int32, readStart: Int, size: Int) throws(ReadBuffer.Failure) {
        var searched = max(0, end - 1)
        while true {
            let found = block.bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(of: .newline, in: $0.extracting(0..<block.count).span, from: searched) }
            if found != nil { return }
            searched = block.count
            let offset = readStart + block.count
            guard offset < size else { return }
            try append(block, descriptor, from: offset, count: min(1 << 16, size - offset))
        }
    }

    /// Appends `count` bytes of the file from `offset` (fewer at its end) to the block's.
    private static func append(_ block: Block, _ descriptor: Int32, from offset: Int, count: Int) throws(ReadBuffer.Failure) {
        let needed = block.count + count
        if block.bytes.count < needed { block.bytes.append(contentsOf: repeatElement(0, count: needed - block.bytes.count)) }
        var filled = 0
        while filled < count {
            let got = block.bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + block.count + filled, count - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadBuffer.Failure(message: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            filled += got
        }
        block.count += filled
    }
}
