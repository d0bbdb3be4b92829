/// Appending JSON without building intermediate objects or strings: the writers that stream
/// events compose each line straight into the output's buffer, so output keeps pace with
/// parsing.
extension ByteBuffer {
    package mutating func appendJSONString(_ value: String) {
        // Read in place: `withUTF8` on a copy would retain and release the string.
        if value.utf8.withContiguousStorageIfAvailable({ appendJSONString(utf8: $0) }) != nil { return }
        var contiguous = value
        contiguous.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Most strings need no escape: their bytes are copied in one piece once a scan (a word at
    /// a time) finds nothing to escape; only the rest of a string that needs one goes byte by byte.
    package mutating func appendJSONString(utf8: UnsafeBufferPointer<UInt8>) {
        append(.quote)
        var plain = ByteSearch.plainJSONStringPrefix(utf8, from: 0)
        while plain < utf8.count, !Self.needsEscape(utf8[plain]) { plain += 1 }
        append(UnsafeBufferPointer(rebasing: utf8[..<plain]))
        if plain < utf8.count { appendEscapingJSON(UnsafeBufferPointer(rebasing: utf8[plain...])) }
        append(.quote)
    }

    /// A value written as a JSON number when it is one (`1250412`, `-3`, `2.5`), else as a
    /// string: for the attributes the vocabulary says are numbers.
    package mutating func appendJSONNumberOrString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            if Self.isJSONNumber(utf8) { append(utf8) } else { appendJSONString(utf8: utf8) }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, the numbers JSON allows (no exponent, which lifelint's
    /// readers never produce), at most 18 digits so every reader keeps it exact.
    package static func isJSONNumber(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = utf8.first == .dash ? 1 : 0
        let integerStart = index
        while index < utf8.count, utf8[index].isASCIIDigit { index += 1 }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits <= 18, integerDigits == 1 || utf8[integerStart] != UInt8(ascii: "0") else { return false }
        guard index < utf8.count else { return true }
        guard utf8[index] == .dot, index + 1 < utf8.count else { return false }
        index += 1
        while index < utf8.count, utf8[index].isASCIIDigit { index += 1 }
        return index == utf8.count
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

    package mutating func appendJSONInteger(_ value: Int) {
        appendDecimal(Int64(value))
    }

    /// A process or thread id, or `null`.
    package mutating func appendJSONInteger(_ value: Int32?) {
        if let value { appendDecimal(Int64(value)) } else { append("null") }
    }

    /// Whether `string` has a byte JSON must escape (a control character, `"` or `\`): most
    /// strings of a report have none and are copied whole. Reads the string's bytes in place
    /// when it has them contiguously.
    package static func containsJSONEscape(_ string: String) -> Bool {
        let needsEscape = { (byte: UInt8) in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        if let found = string.utf8.withContiguousStorageIfAvailable({ bytes in
            var any = false
            for byte in bytes { any = any || needsEscape(byte) }
            return any
        }) {
            return found
        }
        return string.utf8.contains(where: needsEscape)
    }
}
