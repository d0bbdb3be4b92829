/// Appending JSON without building intermediate objects or strings: the writers that stream
/// events compose each line straight into the output's buffer, so output keeps pace with
/// parsing.
extension ByteBuffer {
    mutating func appendJSONString(_ value: String) {
        // Read in place: `withUTF8` on a copy would retain and release the string.
        if value.utf8.withContiguousStorageIfAvailable({ appendJSONString(utf8: $0) }) != nil { return }
        var contiguous = value
        contiguous.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Most strings need no escape: their bytes are copied in one piece once a scan (a word at
    /// a time) finds nothing to escape; only the rest of a string that needs one goes byte by byte.
    mutating func appendJSONString(utf8: UnsafeBufferPointer<UInt8>) {
        append(.quote)
        var plain = ByteSearch.plainJSONStringPrefix(utf8, from: 0)
        while plain < utf8.count, !Self.needsEscape(utf8[plain]) { plain += 1 }
        append(UnsafeBufferPointer(rebasing: utf8[..<plain]))
        if plain < utf8.count { appendEscapingJSON(UnsafeBufferPointer(rebasing: utf8[plain...])) }
        append(.quote)
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == .quote || byte == .backslash
    }

    private mutating func appendEscapingJSON(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in utf8.indices where Self.needsEscape(utf8[index]) {
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            appendEscaped(utf8[index])
            runStart = index + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        append(.backslash)
        switch byte {
        case .quote, .backslash: append(byte)
        case .newline: append(UInt8(ascii: "n"))
        case .carriageReturn: append(UInt8(ascii: "r"))
        case .tab: append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            append("u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    mutating func appendJSONInteger(_ value: some BinaryInteger) {
        appendDecimal(Int64(value))
    }

    mutating func appendJSONInteger(_ value: (some BinaryInteger)?) {
        if let value { appendDecimal(Int64(value)) } else { append("null") }
    }

    /// The ISO 8601 text of a timestamp in quotes, or `null` when the trace had no time.
    mutating func appendJSONTimestamp(_ time: Timestamp, through cache: inout TimestampTextCache) {
        guard time.clock != .unknown else {
            append("null")
            return
        }
        append(.quote)
        cache.append(time, to: &self)
        append(.quote)
    }
}
