@_spi(Bytes) import LifelintBytes
import LifelintModel

/// JSON Lines of a format whose records decode alone (lifelint's own events) read on several
/// cores (decision 0051): workers decode blocks of whole lines (`LineBlock`: of a plain file, or
/// of a compressed one's inflated stream, cut in turn) into events, and the reader hands them on
/// in order with their lines counted from the start, so what it emits is what one core would.
///
/// A block is trusted only when every record in it parsed and its last ended with the block: a
/// record that runs over lines, any problem or a failed read makes the rest read on one core,
/// from where the clean blocks before ended, which they prove to be a record's start (a file's
/// rest by its offset; a stream's from the untrusted block's bytes, those of the blocks cut after
/// it, and the stream's unread rest).
enum JSONLinesParallelReading {
    final class Block: @unchecked Sendable {
        var file = LineBlock()
        /// A stream's end: the block holds no lines.
        var isEnd = false
        /// Last first: the reader pops them, moving each out (iterating would copy each event
        /// and retain what it holds on the reader's core, the one every event passes).
        var eventsLastFirst: [Event] = []
        var summary: IngestionSummary?
        /// The file offset after the block's lines (nil when none starts in it), and how many
        /// lines it holds.
        var end: Int?
        var lines = 0
        var failure: ReadBuffer.Failure?

        var isClean: Bool {
            guard let summary, failure == nil else { return false }
            return summary.problemCount == 0 && summary.unrecognisedLines == 0
        }
    }

    /// Whether a file whose reading starts with `head` is read this way.
    static func applies<Format: JSONTraceFormat>(to format: Format, head: [UInt8]) -> Bool {
        Format.decodesRecordsAlone && format.streamOptions.arrayKeys.isEmpty && !format.streamOptions.skipPreamble
            && head.first { ![.space, .tab, .newline, .carriageReturn].contains($0) } == UInt8(ascii: "{")
    }

    static func read<Format: JSONTraceFormat>(_ format: Format, path: String, lines: ParallelLines, options: TraceReadOptions, emit: EventSink) -> IngestionSummary {
        let blockSize = options.parallelLimits.blockSize
        var summary = IngestionSummary(path: path, format: Format.summaryName)
        summary.unit = "records"
        var linesBefore = 0
        var cleanEnd = 0
        var restFrom: Int?
        // A stream's: the bytes of the blocks taken, and those from the untrusted block on,
        // which only this core still has.
        var streamBytesTaken = 0
        var streamRest: [UInt8] = []
        func keepForRest(_ block: Block) {
            if case .stream = lines { block.file.withBytes { streamRest.append($0) } }
        }
        OrderedBlockPipeline.run(
            count: lines.blockCount(blockSize: blockSize), threads: options.workers, makeBlock: { Block() },
            makeState: { format.makeDecoder(options) },
            fill: { block, index, decoder in fill(block, index: index, format: format, path: path, lines: lines, blockSize: blockSize, &decoder) },
            take: { block in
                if block.isEnd, block.failure == nil { return false }
                guard block.isClean, let blockSummary = block.summary else {
                    restFrom = cleanEnd
                    keepForRest(block)
                    return false
                }
                while var event = block.eventsLastFirst.popLast() {
                    event.source.line += linesBefore
                    emit(consume event)
                }
                summary.add(blockSummary, lineOffset: linesBefore)
                linesBefore += block.lines
                cleanEnd = block.end ?? cleanEnd
                streamBytesTaken += block.file.count
                return true
            },
            leftOver: keepForRest)
        summary.bytes = lines.bytesRead
        if let restFrom {
            let rest: any ByteSource
            switch lines {
            case let .file(descriptor, size): rest = RangeSource(fileDescriptor: descriptor, offset: restFrom, count: size - restFrom)
            case let .stream(cutter): rest = PrefixedSource(streamRest, then: cutter.rest())
            }
            let restSummary = readRest(format, path: path, rest, linesBefore: linesBefore, options: options, emit: emit)
            if case .stream = lines { summary.bytes = streamBytesTaken + restSummary.bytes }
            summary.add(restSummary, lineOffset: linesBefore)
        }
        return summary
    }

    /// Block `index`: its lines' records decoded, with lines counted from the block's start.
    private static func fill<Format: JSONTraceFormat>(
        _ block: Block, index: Int, format: Format, path: String, lines source: ParallelLines, blockSize: Int, _ decoder: inout Format.Decoder
    ) {
        block.eventsLastFirst.removeAll(keepingCapacity: true)
        block.summary = nil
        block.end = nil
        (block.isEnd, block.failure) = source.fill(&block.file, index: index, blockSize: blockSize)
        if block.isEnd || block.failure != nil { return }
        let lines = block.file.firstLine..<block.file.end
        block.end = lines.isEmpty ? nil : block.file.fileOffset + lines.upperBound
        let stream = block.file.withBytes { bytes in
            let lineBytes = bytes.extracting(lines)
            block.lines = ByteSearch.count(of: .newline, in: lineBytes)
            return JSONStreamReader(source: EmptySource(), initialBytes: lineBytes, chunkSize: lineBytes.count + 1)
        }
        var reader = JSONTraceReader(path: path, format: Format.summaryName)
        var events: [Event] = []
        swap(&events, &block.eventsLastFirst)
        reader.run(stream, options: format.streamOptions, decoder: &decoder, emit: { events.append($0) })
        // Through the buffer, so the events are swapped by moves: `Array.reverse()` swaps by
        // copies, each retaining what an event holds (its app's name among them, which the
        // analysing core is releasing at the same time for the block before).
        events.withUnsafeMutableBufferPointer { $0.reverse() }
        swap(&events, &block.eventsLastFirst)
        block.summary = reader.summary
    }

    /// The rest, read on this core, its events' lines counted from the start.
    private static func readRest<Format: JSONTraceFormat>(
        _ format: Format, path: String, _ rest: any ByteSource, linesBefore: Int, options: TraceReadOptions, emit: EventSink
    ) -> IngestionSummary {
        let stream = JSONStreamReader(source: rest)
        return format.read(stream, path: path, options: options) { event in
            var event = event
            event.source.line += linesBefore
            emit(event)
        }
    }
}
