@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Logcat text in any of its layouts, a bugreport's main text, or any text that nothing before
/// it in `TraceFormats.all` claims: last in the registry, it recognises every head, and says
/// what the text was when no line of it reads as a log.
struct LogcatTextFormat: TraceFormat {
    static let title = "logcat"
    static let forcedNames = LogcatLayout.allCases.map(\.rawValue)
    static var forcedNamesHelp: String? { "a logcat layout (\(forcedNames.joined(separator: ", ")))" }
    static let fileExtensions = ["log", "txt", "logcat"]
    /// The layout `--input-format` forced; detected from the lines when nil.
    let layout: LogcatLayout?

    init(layout: LogcatLayout?) {
        self.layout = layout
    }

    init?(recognising head: TraceHead) {
        layout = nil
    }

    init?(forcedName name: String) {
        guard let layout = LogcatLayout(rawValue: name) else { return nil }
        self.layout = layout
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        let lines = ByteLineReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head))
        var reader = LogcatTextReader(path: input.path, year: YearInference(input: input, options: options), mappings: options.mappings)
        try reader.run(lines, format: layout, parallel: ParallelPlan(input, options: options), emit: emit)
        return reader.summary
    }
}
