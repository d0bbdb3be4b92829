import LifelintModel

/// A binary property list (`bplist00`) of lifecycle records (docs/formats.md §6).
struct BinaryPlistFormat: TraceFormat {
    static let title = "a binary property list"
    static let fileExtensions = ["plist", "bplist"]

    init?(recognising head: TraceHead) {
        guard head.bytes.starts(with: "bplist00".utf8) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try BinaryPlistReader.read(input, head: head, emit: emit)
    }
}
