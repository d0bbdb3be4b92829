@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A Sentry event (docs/formats.md §13): the JSON the API and the issue page's "JSON" link
/// give, or an SDK's envelope (`.envelope`: a header line, then item headers and payloads).
/// Recognised by an event id beside what only Sentry writes with it.
struct SentryEventFormat: JSONTraceFormat {
    static let title = "a Sentry event"
    static let summaryName = "json sentry-event"
    static var fileExtensions: [String] { ["json", "jsonl", "envelope"] }
    let streamOptions = JSONStreamReader.Options()
    /// An envelope, whose payloads other than events are not JSON to be read.
    private let isEnvelope: Bool

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"event_id\"") || head.contains("\"eventID\"") else { return nil }
        guard head.contains("\"sdk\"") || head.contains("\"breadcrumbs\"") || head.contains("\"entries\"") || head.contains("\"exception\"") else {
            return nil
        }
        isEnvelope = head.withText(SentryEnvelope.isEnvelope)
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        guard isEnvelope else {
            let stream = JSONStreamReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head))
            return read(stream, path: input.path, options: options, emit: emit)
        }
        return try input.withRest(after: head, limit: SentryEnvelope.maximumSize) { bytes, unread in
            let stream = JSONStreamReader(source: EmptySource(), initial: SentryEnvelope.eventPayloadsOnly(bytes))
            var summary = read(stream, path: input.path, options: options, emit: emit)
            if let unread { summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: summary.lines + 1), message: unread)) }
            return summary
        }
    }

    func makeDecoder(_ options: TraceReadOptions) -> SentryEventDecoder { SentryEventDecoder(mappings: options.mappings) }
}
