import LifelintModel

/// The Chrome trace event format (docs/formats.md): an array of events, or `{"traceEvents": [...]}`,
/// as Perfetto's UI, systrace's JSON and many test harnesses write it.
struct ChromeTraceFormat: JSONTraceFormat {
    static let title = "a Chrome trace"
    static let summaryName = "json chrome-trace"
    let streamOptions: JSONStreamReader.Options

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"traceEvents\"") || (head.contains("\"ph\"") && head.contains("\"ts\"")) else { return nil }
        var options = JSONStreamReader.Options(tolerateUnclosedArray: true)
        if head.wrapsRecords(under: "traceEvents") { options.arrayKeys = ["traceEvents"] }
        streamOptions = options
    }

    func makeDecoder(_ options: TraceReadOptions) -> ChromeTraceDecoder { ChromeTraceDecoder() }
}
