import LifelintModel

/// JSON in no shape lifelint reads: recognised so that the error says what the document was
/// examined for, rather than that it is not logcat.
struct UnrecognisedJSONFormat: TraceFormat {
    static let title = "JSON"
    static let fileExtensions: [String] = []
    /// How much of a JSON document is searched for the keys that identify its shape: they may
    /// follow a large first member (`metadata`).
    static let detectionLimit = 16 << 20

    init?(recognising head: TraceHead) {
        guard head.opensJSON else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        let examined = head.count < Self.detectionLimit ? "the whole document" : "its first \(Self.detectionLimit >> 20) MiB"
        throw .unrecognisedFormat(path: input.path, line: 1, reason: "JSON, but neither \(TraceFormats.jsonTitles) (examined \(examined))")
    }
}
