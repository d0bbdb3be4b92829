@_spi(Bytes) import LifelintBytes
import LifelintModel

/// `dumpsys activity exit-info` records (docs/formats.md).
struct ExitInfoFormat: TraceFormat {
    static let title = "Android exit-info records"
    static let forcedNames = ["exit-info"]
    static let forcedNamesHelp: String? = "exit-info (dumpsys activity exit-info)"
    static let fileExtensions = ["txt", "log"]
    static let reportsDeathsOnly = true

    init?(recognising head: TraceHead) {
        guard head.withText(ExitInfoReader.isExitInfo) else { return nil }
    }

    init?(forcedName name: String) {
        guard Self.forcedNames.contains(name) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var reader = ExitInfoReader(path: input.path)
        reader.readLines(from: ByteLineReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head)), emit: emit)
        return reader.summary
    }
}
