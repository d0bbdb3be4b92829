@_spi(Bytes) import LifelintBytes
import LifelintModel

/// `log show --style json` or `ndjson` (docs/formats.md): records with `eventMessage`, after at
/// most a few lines of the tool's own preamble.
struct AppleLogJSONFormat: JSONTraceFormat {
    static let title = "an Apple log export"
    static let summaryName = "json apple-log"
    let streamOptions = JSONStreamReader.Options(skipPreamble: true)

    /// The most lines `log show` writes before its JSON (`Filtering the log data using …`,
    /// `Skipping info and debug messages…`). A document that opens JSON only further down
    /// (Markdown or prose quoting a record) is not a JSON log.
    static let preambleLines = 8

    init?(recognising head: TraceHead) {
        guard !head.opensMarkup, head.contains("\"eventMessage\"") || head.contains("\"machTimestamp\"") else { return nil }
        guard head.opensJSON || head.withBytes(Self.containsJSONLine) else { return nil }
    }

    func makeDecoder(_ options: TraceReadOptions) -> AppleLogDecoder { AppleLogDecoder(mappings: options.mappings) }

    /// A line that opens a JSON value, after a text preamble of at most `preambleLines`.
    private static func containsJSONLine(_ bytes: Span<UInt8>) -> Bool {
        var lineStart = true
        var lines = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if lineStart && (byte == UInt8(ascii: "{") || byte == .openBracket) { return true }
            lineStart = byte == .newline
            if lineStart {
                lines += 1
                if lines > preambleLines { return false }
            }
        }
        return false
    }
}
