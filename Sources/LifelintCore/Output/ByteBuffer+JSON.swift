/// Appending JSON without building intermediate objects or strings: the writers that stream
/// events compose each line straight into the output's buffer, so output keeps pace with
/// parsing.
extension ByteBuffer {
    mutating func appendJSONString(_ value: String) {
        append(.quote)
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                index += ByteSearch.plainJSONStringPrefix(utf8, from: index)
                guard index < utf8.count else { break }
                let byte = utf8[index]
                if byte < 0x20 || byte == .quote || byte == .backslash {
                    append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    appendEscaped(byte)
                    runStart = index + 1
                }
                index += 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(.quote)
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
    mutating func appendJSONTimestamp(_ time: Timestamp) {
        guard time.clock != .unknown else {
            append("null")
            return
        }
        append(.quote)
        time.appendISO8601(to: &self)
        append(.quote)
    }
}
