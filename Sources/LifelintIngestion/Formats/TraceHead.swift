@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The first bytes of a trace as every format's recogniser sees them, with what several
/// recognisers ask worked out once: where the text starts after blank lines, whether it opens
/// a JSON document, whether it opens markup.
struct TraceHead {
    let bytes: [UInt8]
    /// Where the first non-blank byte is.
    let textStart: Int
    /// Whether the text opens a JSON document (and not a `logcat -v long` header or an Apple
    /// log line, which also open with a bracket).
    let opensJSON: Bool
    /// Whether the text opens with `<`: XML, or an Apple or logcat text, never JSON.
    let opensMarkup: Bool

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let all = bytes.span
        textStart = Self.firstNonBlank(all)
        let text = all.extracting(textStart...)
        opensJSON = Self.opensJSON(text) && !Self.startsWithLogcatLongHeader(text) && AppleLogLinePrefix.length(text) == 0
        opensMarkup = textStart < bytes.count && bytes[textStart] == UInt8(ascii: "<")
    }

    /// Calls `body` with the bytes from the first non-blank one.
    func withText<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        body(bytes.span.extracting(textStart...))
    }

    /// Calls `body` with all the bytes.
    func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        body(bytes.span)
    }

    /// Whether `needle` occurs anywhere in the head.
    func contains(_ needle: StaticString) -> Bool {
        withBytes { ByteSearch.contains(needle, in: $0) }
    }

    /// Whether the document is an object holding its records under `key` (`{"traceEvents": [...]}`)
    /// rather than a sequence of records: the key is followed by an array.
    func wrapsRecords(under key: String) -> Bool {
        let needle = Array("\"\(key)\"".utf8)
        let bytes = bytes.span
        var start = 0
        while let found = ByteSearch.firstIndex(of: needle.span, in: bytes, from: start) {
            var index = found + needle.count
            index += Self.firstNonBlank(bytes.extracting(index...))
            if index < bytes.count, bytes[index] == .colon {
                index += 1
                index += Self.firstNonBlank(bytes.extracting(index...))
                if index < bytes.count, bytes[index] == .openBracket { return true }
            }
            start = found + 1
        }
        return false
    }

    /// `[ 01-08 08:45:42.977  1234: 1250 I/Tag ]` opens `logcat -v long`, not a JSON array.
    private static func startsWithLogcatLongHeader(_ text: Span<UInt8>) -> Bool {
        var end = text.firstIndex(of: .newline) ?? text.count
        if end > 0, text[end - 1] == .carriageReturn { end -= 1 }
        return LogcatLineParser.parse(text.extracting(..<end), as: .long) != nil
    }

    /// Whether text opens a JSON document: `{` or `[` followed by what a JSON value or member
    /// starts with. A console line that opens with a bracket (`[log] …`, Flutter's `[  +12 ms]
    /// …`, `[perfNotifyAppState] …`) is text.
    private static func opensJSON(_ text: Span<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{") || text.first == .openBracket else { return false }
        let rest = text.extracting(1...)
        let start = firstNonBlank(rest)
        guard start < rest.count else { return true }
        let value = rest.extracting(start...)
        switch value[0] {
        case UInt8(ascii: "{"), .openBracket, UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "-"): return true
        case UInt8(ascii: "t"): return value.starts(with: "true".utf8)
        case UInt8(ascii: "f"): return value.starts(with: "false".utf8)
        case UInt8(ascii: "n"): return value.starts(with: "null".utf8)
        default: return value[0].isASCIIDigit
        }
    }

    private static func firstNonBlank(_ bytes: Span<UInt8>) -> Int {
        bytes.firstIndex { $0 != .space && $0 != .tab && $0 != .newline && $0 != .carriageReturn } ?? bytes.count
    }
}
