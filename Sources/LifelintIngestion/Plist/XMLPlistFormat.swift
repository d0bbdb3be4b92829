@_spi(Bytes) import LifelintBytes
import LifelintModel

/// An XML property list of lifecycle records (docs/formats.md §6).
struct XMLPlistFormat: TraceFormat {
    static let title = "an XML property list"
    static let fileExtensions = ["plist"]

    init?(recognising head: TraceHead) {
        guard head.opensMarkup, head.withText({ ByteSearch.contains("<plist", in: $0) || ByteSearch.contains("PropertyList", in: $0) }) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try XMLPlistReader.read(input, head: head, emit: emit)
    }
}
