import LifelintModel

/// Embrace's payloads (docs/formats.md §15): the envelope its SDKs send, or one session span or
/// log list alone. Recognised by what only Embrace writes: its session span's name or its
/// `emb.type` attribute.
struct EmbracePayloadFormat: JSONTraceFormat {
    static let title = "an Embrace payload"
    static let summaryName = "json embrace"
    let streamOptions = JSONStreamReader.Options()

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"emb-session\"") || head.contains("\"emb.type\"") else { return nil }
    }

    func makeDecoder(_ options: TraceReadOptions) -> EmbracePayloadDecoder { EmbracePayloadDecoder() }
}
