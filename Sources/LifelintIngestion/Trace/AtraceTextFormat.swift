@_spi(Bytes) import LifelintBytes
import LifelintModel

/// systrace / atrace text (`# tracer: nop`, docs/formats.md §4).
struct AtraceTextFormat: TraceFormat {
    static let title = "atrace text"
    static let fileExtensions = ["trace", "txt"]

    init?(recognising head: TraceHead) {
        // A Chrome JSON may embed atrace text (`systemTraceEvents`): JSON was claimed before.
        guard !head.opensMarkup, head.withText(AtraceTextReader.isAtrace) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var reader = AtraceTextReader(path: input.path)
        reader.readLines(from: ByteLineReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head)), emit: emit)
        return reader.summary
    }
}
