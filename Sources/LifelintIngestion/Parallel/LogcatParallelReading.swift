@_spi(Bytes) import LifelintBytes

/// A logcat read on several cores (decision 0051): a plain file is cut into blocks, each the
/// lines that start in it, and a compressed one's inflated stream into blocks of whole lines, in
/// turn (`LineBlock`, `StreamLineCutter`); workers prepare blocks (`LogcatLinePreparer`:
/// cleaning, parsing, the recognizer's interest), and the one reader reads their lines in order
/// (`OrderedBlockPipeline`), so what it makes of them is what one core would make.
enum LogcatParallelReading {
    /// One block's lines: their bytes, each line's extent and preparation, and the records and
    /// interests of its lines of interest. Owned by one thread at a time, handed over by the
    /// pipeline.
    final class Block: @unchecked Sendable {
        var file = LineBlock()
        var lines: [Range<Int32>] = []
        var prepared: [LogcatPreparedLine] = []
        var table = LogcatInterestTable()
        /// Lines cut at `ByteLineReader.maximumLineLength`, as a line reader cuts them.
        var truncatedLines = 0
        var failure: ReadBuffer.Failure?
        /// A stream's end: the block holds no lines.
        var isEnd = false

        /// The lines in order, each with a pointer to its preparation, valid during the call;
        /// `body` says how many lines it read, from that one on (a run, `LogcatPreparedLine.run`).
        func forEachLine(_ body: (Span<UInt8>, UnsafePointer<LogcatPreparedLine>) -> Int) {
            file.withBytes { bytes in
                lines.withUnsafeBufferPointer { lines in
                    prepared.withUnsafeBufferPointer { prepared in
                        var index = 0
                        while index < lines.count {
                            index += body(bytes.extracting(Int(lines[index].lowerBound)..<Int(lines[index].upperBound)), prepared.baseAddress! + index)
                        }
                    }
                }
            }
        }
    }

    /// Hands the blocks in order to `body`, their lines prepared on `workers` threads, the
    /// caller's among them; returns the lines cut for their length, or the read failure that
    /// stopped it.
    static func read(
        _ lines: ParallelLines, workers: Int, blockSize: Int, format: LogcatLayout, hasLineNumbers: Bool, mappings: [LineMapping], _ body: (Block) -> Void
    ) -> (truncatedLines: Int, failure: ReadBuffer.Failure?) {
        var truncated = 0
        var failure: ReadBuffer.Failure?
        OrderedBlockPipeline.run(
            count: lines.blockCount(blockSize: blockSize), threads: workers, makeBlock: { Block() },
            makeState: { LogcatLinePreparer(format: format, hasLineNumbers: hasLineNumbers, mappings: mappings) },
            fill: { block, index, preparer in fill(block, index: index, lines: lines, blockSize: blockSize, &preparer) },
            take: { block in
                if let blockFailure = block.failure {
                    failure = blockFailure
                    return false
                }
                guard !block.isEnd else { return false }
                truncated += block.truncatedLines
                body(block)
                return true
            })
        return (truncated, failure)
    }

    /// Block `index`: its lines, each prepared.
    private static func fill(_ block: Block, index: Int, lines source: ParallelLines, blockSize: Int, _ preparer: inout LogcatLinePreparer) {
        block.truncatedLines = 0
        block.failure = nil
        block.isEnd = false
        block.lines.removeAll(keepingCapacity: true)
        block.prepared.removeAll(keepingCapacity: true)
        block.table.removeAll()
        (block.isEnd, block.failure) = source.fill(&block.file, index: index, blockSize: blockSize)
        if block.isEnd || block.failure != nil { return }
        var lines: [Range<Int32>] = []
        var prepared: [LogcatPreparedLine] = []
        var table = LogcatInterestTable()
        swap(&lines, &block.lines)
        swap(&prepared, &block.prepared)
        swap(&table, &block.table)
        defer {
            swap(&lines, &block.lines)
            swap(&prepared, &block.prepared)
            swap(&table, &block.table)
        }
        var truncated = 0
        let end = block.file.linesEnd
        block.file.withBytes { bytes in
            var lineStart = block.file.firstLine
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
        LogcatPreparedLine.markRuns(&prepared)
        block.truncatedLines = truncated
    }
}
