import LifelintModel

/// Android Studio's Logcat export (the `.logcat` file its Logcat window saves; docs/formats.md):
/// one JSON document, `{"metadata": {...}, "logcatMessages": [{"header": {...}, "message": ...}]}`,
/// each message an entry of the device's log with its level, ids, tag, application id and an
/// instant in seconds and nanoseconds. Its entries are read as logcat entries (system lines,
/// crashes, instrumentation, mappings), so a capture says the same whether it was exported
/// from Studio or taken with `adb logcat`.
struct StudioLogcatExportFormat: JSONTraceFormat {
    static let title = "an Android Studio Logcat export"
    static let summaryName = "json studio-logcat-export"
    static var fileExtensions: [String] { ["logcat", "json"] }

    init?(recognising head: TraceHead) {
        guard head.opensJSON, head.contains("\"logcatMessages\"") else { return nil }
    }

    var streamOptions: JSONStreamReader.Options { JSONStreamReader.Options(arrayKeys: ["logcatMessages"]) }

    func makeDecoder(_ options: TraceReadOptions) -> StudioLogcatExportDecoder {
        StudioLogcatExportDecoder(mappings: options.mappings)
    }
}
