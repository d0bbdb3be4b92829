import LifelintModel

/// A format that is a JSON document or a sequence of JSON records, read record by record by
/// `JSONTraceReader` with the format's own decoder.
protocol JSONTraceFormat: TraceFormat {
    associatedtype Decoder: JSONRecordDecoder
    /// The format as summaries name it (`json chrome-trace`).
    static var summaryName: String { get }
    /// How the stream is split into records, as recognising the head found it.
    var streamOptions: JSONStreamReader.Options { get }
    /// Whether each record decodes without the records before it, so that a file's blocks
    /// may be decoded on several cores (`JSONLinesParallelReading`).
    static var decodesRecordsAlone: Bool { get }
    func makeDecoder(_ options: TraceReadOptions) -> Decoder
}

extension JSONTraceFormat {
    static var isJSON: Bool { true }
    static var decodesRecordsAlone: Bool { false }
    static var fileExtensions: [String] { ["json", "jsonl", "ndjson"] }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) -> IngestionSummary {
        if let lines = parallelLines(input, head: head, options: options) {
            return JSONLinesParallelReading.read(self, path: input.path, lines: lines, options: options, emit: emit)
        }
        let stream = JSONStreamReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head))
        return read(stream, path: input.path, options: options, emit: emit)
    }

    /// Where a large input's blocks come from when it is read on several cores: a plain file by
    /// offsets, a compressed one inflated on one core as the others decode its lines.
    private func parallelLines(_ input: TraceInput, head: [UInt8], options: TraceReadOptions) -> ParallelLines? {
        let limits = options.parallelLimits
        guard options.workers > 1, JSONLinesParallelReading.applies(to: self, head: head) else { return nil }
        if let file = input.plainFile {
            return file.size >= limits.minimumFileSize ? .file(descriptor: file.descriptor, size: file.size) : nil
        }
        guard let size = input.compressedSize, size >= limits.minimumCompressedSize else { return nil }
        let window = OrderedBlockPipeline.window(threads: options.workers)
        return .stream(StreamLineCutter(source: input.byteSource, unread: head, blockSize: limits.blockSize, window: window, cutsLongLines: false))
    }

    /// Reads the records of `stream` with the format's decoder.
    func read(_ stream: JSONStreamReader, path: String, options: TraceReadOptions, emit: EventSink) -> IngestionSummary {
        var decoder = makeDecoder(options)
        var reader = JSONTraceReader(path: path, format: Self.summaryName)
        reader.run(stream, options: streamOptions, decoder: &decoder, emit: emit)
        return reader.summary
    }
}
