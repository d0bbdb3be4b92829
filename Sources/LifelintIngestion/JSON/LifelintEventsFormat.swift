import LifelintModel

/// lifelint's own events as JSON: an array, JSON Lines, or `{"events": [...]}` (docs/reference.md).
struct LifelintEventsFormat: JSONTraceFormat {
    static let title = "lifelint events"
    static let summaryName = "json lifelint-events"
    static let decodesRecordsAlone = true
    let streamOptions: JSONStreamReader.Options

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"event\"") || head.contains("\"events\"") else { return nil }
        streamOptions = JSONStreamReader.Options(arrayKeys: head.wrapsRecords(under: "events") ? ["events"] : [])
    }

    func makeDecoder(_ options: TraceReadOptions) -> LifelintJSONDecoder { LifelintJSONDecoder() }
}
