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

    /// Where a large input's blocks come from when it is read on several cores; a record is
    /// never cut for its length (one core reads it whole too).
    private func parallelLines(_ input: TraceInput, head: [UInt8], options: TraceReadOptions) -> ParallelLines? {
        guard JSONLinesParallelReading.applies(to: self, head: head), let plan = ParallelPlan(input, options: options) else { return nil }
        return plan.lines(cutsLongLines: false) { (head, input.byteSource) }
    }

    /// Reads the records of `stream` with the format's decoder.
    func read(_ stream: JSONStreamReader, path: String, options: TraceReadOptions, emit: EventSink) -> IngestionSummary {
        var decoder = makeDecoder(options)
        var reader = JSONTraceReader(path: path, format: Self.summaryName)
        reader.run(stream, options: streamOptions, decoder: &decoder, emit: emit)
        return reader.summary
    }
}
