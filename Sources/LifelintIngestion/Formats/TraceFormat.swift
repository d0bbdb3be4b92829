import LifelintModel

/// One input format: what it is called, how it recognises itself from the first bytes of a
/// trace, and how it reads the whole stream into events and counts. A format's type is listed
/// once, in `TraceFormats.all`; an instance is the format bound to what recognising it found
/// (a layout), or to what `--input-format` forced.
protocol TraceFormat: Sendable {
    /// What the format is called where lifelint lists what it reads ("Chrome trace JSON").
    static var title: String { get }
    /// Whether a document in the format is JSON: the message for JSON in no known shape names them.
    static var isJSON: Bool { get }
    /// The names `--input-format` accepts for it, one per layout; none when it is only detected.
    static var forcedNames: [String] { get }
    /// What `--input-format`'s help says of the names, when there are any.
    static var forcedNamesHelp: String? { get }
    /// The file extensions a folder walk picks up for it.
    static var fileExtensions: [String] { get }
    /// Whether the format holds deaths alone (a crash report, exit-info): it never holds
    /// lifecycle callbacks, so their absence says nothing of the capture.
    static var reportsDeathsOnly: Bool { get }

    /// The format, when `head` is in it. Formats are asked in `TraceFormats.all` order, so a
    /// recogniser need not rule out the formats before it.
    init?(recognising head: TraceHead)
    /// The format `--input-format name` names.
    init?(forcedName name: String)

    /// Reads the trace, `head` being its first bytes (already read from `input`), calling
    /// `emit` with each event in order. Throws only when the input cannot be read at all.
    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary
}

extension TraceFormat {
    static var isJSON: Bool { false }
    static var reportsDeathsOnly: Bool { false }
    static var forcedNames: [String] { [] }
    static var forcedNamesHelp: String? { nil }
    init?(forcedName name: String) { nil }
}
