import LifelintModel

/// A MetricKit payload (`MXMetricPayload`/`MXDiagnosticPayload` JSON): the app's exits by reason.
struct MetricKitFormat: JSONTraceFormat {
    static let title = "a MetricKit payload"
    static let summaryName = "json metrickit"
    static let reportsDeathsOnly = true
    let streamOptions = JSONStreamReader.Options()

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"applicationExitMetrics\"") || head.contains("\"timeStampBegin\"") else { return nil }
    }

    func makeDecoder(_ options: TraceReadOptions) -> MetricKitDecoder { MetricKitDecoder() }
}
