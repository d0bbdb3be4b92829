import LifelintModel

/// Crashlytics rows from the BigQuery export (docs/formats.md §16): a JSON array of rows or one
/// row per line. Recognised by `installation_uuid`, or `error_type` beside `event_timestamp`.
struct CrashlyticsRowFormat: JSONTraceFormat {
    static let title = "Crashlytics BigQuery rows"
    static let summaryName = "json crashlytics-rows"
    let streamOptions = JSONStreamReader.Options()

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"installation_uuid\"") || head.contains("\"error_type\"") && head.contains("\"event_timestamp\"") else {
            return nil
        }
    }

    func makeDecoder(_ options: TraceReadOptions) -> CrashlyticsRowDecoder { CrashlyticsRowDecoder(mappings: options.mappings) }
}
