@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A plain JSON Lines file of a format whose records decode alone (lifelint's own events) read
/// on several cores (decision 0051): workers decode blocks of whole lines (`LineBlock`) into
/// events, and the reader hands them on in file order with their lines counted from the file's
/// start, so what it emits is what one core would.
///
/// A block is trusted only when every record in it parsed and its last ended with the block: a
/// record that runs over lines, any problem or a failed read makes the rest of the file read on
/// one core, from where the clean blocks before ended, which they prove to be a record's start.
enum JSONLinesParallelReading {
    final class Block: @unchecked Sendable {
        var file = LineBlock()
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

    static func read<Format: JSONTraceFormat>(
        _ format: Format, path: String, file: (descriptor: Int32, size: Int), options: TraceReadOptions, emit: EventSink
    ) -> IngestionSummary {
        let blockSize = options.parallelLimits.blockSize
        var summary = IngestionSummary(path: path, format: Format.summaryName)
        summary.unit = "records"
        var linesBefore = 0
        var cleanEnd = 0
        var restFrom: Int?
        OrderedBlockPipeline.run(
            count: (file.size + blockSize - 1) / blockSize, threads: options.workers, makeBlock: { Block() },
            makeState: { format.makeDecoder(options) },
            fill: { block, index, decoder in fill(block, index: index, format: format, path: path, file: file, blockSize: blockSize, &decoder) },
            take: { block in
                guard block.isClean, let blockSummary = block.summary else {
                    restFrom = cleanEnd
                    return false
                }
                while var event = block.eventsLastFirst.popLast() {
                    event.source.line += linesBefore
                    emit(consume event)
                }
                summary.add(blockSummary, lineOffset: linesBefore)
                linesBefore += block.lines
                cleanEnd = block.end ?? cleanEnd
                return true
            })
        if let restFrom {
            summary.add(readRest(format, path: path, file: file, from: restFrom, linesBefore: linesBefore, options: options, emit: emit), lineOffset: linesBefore)
        }
        summary.bytes = file.size
        return summary
    }

    /// Block `index`: its lines' records decoded, with lines counted from the block's start.
    private static func fill<Format: JSONTraceFormat>(
        _ block: Block, index: Int, format: Format, path: String, file: (descriptor: Int32, size: Int), blockSize: Int, _ decoder: inout Format.Decoder
    ) {
        block.eventsLastFirst.removeAll(keepingCapacity: true)
        block.summary = nil
        block.end = nil
        block.failure = nil
        do throws(ReadBuffer.Failure) {
            try block.file.read(index: index, descriptor: file.descriptor, size: file.size, blockSize: blockSize)
        } catch {
            block.failure = error
            return
        }
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

    /// The file from `offset` on, read on this core, its events' lines counted from the file's
    /// start.
    private static func readRest<Format: JSONTraceFormat>(
        _ format: Format, path: String, file: (descriptor: Int32, size: Int), from offset: Int, linesBefore: Int, options: TraceReadOptions,
        emit: EventSink
    ) -> IngestionSummary {
        let stream = JSONStreamReader(source: RangeSource(fileDescriptor: file.descriptor, offset: offset, count: file.size - offset))
        return format.read(stream, path: path, options: options) { event in
            var event = event
            event.source.line += linesBefore
            emit(event)
        }
    }
}
