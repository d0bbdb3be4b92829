import LifelintModel

/// A Bugsnag event (docs/formats.md §14): the Error Reporting API's payload (`apiKey`,
/// `notifier`, `events`), or one event as a notifier stores it. Recognised by the members only
/// Bugsnag writes: `severityReason`, `exceptions` with an `errorClass`, or a notifier beside
/// `events`.
struct BugsnagEventFormat: JSONTraceFormat {
    static let title = "a Bugsnag event"
    static let summaryName = "json bugsnag-event"
    let streamOptions: JSONStreamReader.Options

    init?(recognising head: TraceHead) {
        guard head.opensJSON else { return nil }
        let isPayload = head.contains("\"notifier\"") && head.contains("\"events\"")
        guard isPayload || head.contains("\"severityReason\"") || head.contains("\"errorClass\"") && head.contains("\"exceptions\"") else { return nil }
        streamOptions = JSONStreamReader.Options(arrayKeys: head.wrapsRecords(under: "events") ? ["events"] : [])
    }

    func makeDecoder(_ options: TraceReadOptions) -> BugsnagEventDecoder { BugsnagEventDecoder(mappings: options.mappings) }
}
