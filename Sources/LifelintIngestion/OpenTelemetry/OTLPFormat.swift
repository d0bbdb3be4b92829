import LifelintModel

/// OpenTelemetry's OTLP JSON (docs/formats.md §15): logs and traces as export requests, one
/// document or one request per line (the collector's file exporter). Each request is a record.
struct OTLPFormat: JSONTraceFormat {
    static let title = "OpenTelemetry OTLP JSON"
    static let summaryName = "json otlp"
    let streamOptions = JSONStreamReader.Options()

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"resourceLogs\"") || head.contains("\"resourceSpans\"") else { return nil }
    }

    func makeDecoder(_ options: TraceReadOptions) -> OTLPDecoder { OTLPDecoder(mappings: options.mappings) }
}
