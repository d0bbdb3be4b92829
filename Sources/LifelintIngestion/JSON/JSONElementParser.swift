@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Validates one JSON value held in memory (RFC 8259: structure, escapes, UTF-8 in
/// strings, numbers) and exposes it as a `JSONValue`. Nesting is limited so hostile input
/// cannot exhaust the stack.
struct JSONElementParser {
    static let defaultMaximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    private var index = 0
    /// Set when parsing reached the end of `bytes`: an error then may only mean the value
    /// continues beyond them (the stream reader hands out what it has buffered).
    private(set) var ranOutOfInput = false
    /// Whether a string of the last record parsed had an escape: when none had, every string's
    /// raw bytes are its text, and decoders need not look for a backslash again.
    private(set) var sawEscape = false

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = Self.defaultMaximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    typealias Member = (key: Range<Int>, value: JSONValue)

    /// Parses the first value of `bytes` (what follows it is the caller's business) and, when
    /// it is an object, lists its members into `members` and the members of its object-valued
    /// members into `nestedMembers` (the caller's reusable buffers), so decoders look keys up
    /// without parsing the record again.
    mutating func parseRecordPrefix(into members: JSONMemberList, nestedMembers: JSONMemberList) throws(JSONSyntaxError) -> (value: JSONValue, isObject: Bool) {
        index = 0
        sawEscape = false
        members.removeAll()
        nestedMembers.removeAll()
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { return (try parseValue(depth: 0), false) }
        return (try parseObjectMembers(into: members, nestedInto: nestedMembers, listsNested: true), true)
    }

    /// Parses an object at the record's level, listing its members into `list`; when
    /// `listsNested`, an object-valued member's own members are listed into `nested` (one level:
    /// their values are parsed as values). A flag, not an optional list: wrapping the list in an
    /// optional retained it on every record.
    private mutating func parseObjectMembers(
        into list: JSONMemberList, nestedInto nested: JSONMemberList, listsNested: Bool
    ) throws(JSONSyntaxError) -> JSONValue {
        let start = index
        // The members' values are one level below this object: 1 at the record's level.
        let depth = listsNested ? 1 : 2
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == .quote else { throw JSONSyntaxError(offset: index, message: "expected a string key") }
                let key = try parseStringRange()
                skipWhitespace()
                try expect(.colon)
                skipWhitespace()
                if listsNested, peek() == UInt8(ascii: "{"), maximumDepth > 1 {
                    list.append((key, try parseObjectMembers(into: nested, nestedInto: nested, listsNested: false)))
                } else {
                    list.append((key, try parseMemberValue(depth: depth)))
                }
                skipWhitespace()
                guard let byte = peek() else { throw JSONSyntaxError(offset: index, message: "unexpected end of input inside an object") }
                index += 1
                if byte == .comma { continue }
                guard byte == UInt8(ascii: "}") else { throw JSONSyntaxError(offset: index - 1, message: "expected ',' or '}'") }
                break
            }
        }
        return JSONValue(bytes: bytes, range: start..<index, kind: .object)
    }

    /// Lists a validated object's members or array's elements (with empty key ranges) into
    /// `result`, replacing what it held.
    mutating func children(of value: JSONValue, into result: inout [(key: Range<Int>, value: JSONValue)]) throws(JSONSyntaxError) {
        index = value.range.lowerBound + 1
        result.removeAll(keepingCapacity: true)
        let closing: UInt8 = value.kind == .object ? UInt8(ascii: "}") : .closeBracket
        skipWhitespace()
        if peek() == closing { return }
        while true {
            skipWhitespace()
            var key = index..<index
            if value.kind == .object {
                key = try parseStringRange()
                skipWhitespace()
                try expect(.colon)
                skipWhitespace()
            }
            result.append((key, try parseValue(depth: 0)))
            skipWhitespace()
            if peek() == .comma {
                index += 1
                continue
            }
            try expect(closing)
            return
        }
    }

    // MARK: Values

    /// `parseValue`, with the strings and numbers that make up most members parsed here, in
    /// line: `parseValue` calls itself for nested values, so it cannot be inlined.
    @inline(__always)
    private mutating func parseMemberValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { return try parseValue(depth: depth) }
        switch bytes[index] {
        case .quote: return try parseStringValue()
        case .dash, UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumberValue()
        default: return try parseValue(depth: depth)
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw JSONSyntaxError(offset: index, message: "unexpected end of input, expected a value") }
        let start = index
        switch byte {
        case UInt8(ascii: "{"), .openBracket:
            guard depth < maximumDepth else { throw JSONSyntaxError(offset: index, message: "nesting deeper than \(maximumDepth) levels") }
            try parseContainer(opening: byte, depth: depth)
            return JSONValue(bytes: bytes, range: start..<index, kind: byte == .openBracket ? .array : .object)
        case .quote:
            return try parseStringValue()
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(bytes: bytes, range: start..<index, kind: .bool)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(bytes: bytes, range: start..<index, kind: .bool)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(bytes: bytes, range: start..<index, kind: .null)
        default:
            return try parseNumberValue()
        }
    }

    @inline(__always)
    private mutating func parseStringValue() throws(JSONSyntaxError) -> JSONValue {
        JSONValue(bytes: bytes, range: try parseStringRange(), kind: .string)
    }

    @inline(__always)
    private mutating func parseNumberValue() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try parseNumber()
        return JSONValue(bytes: bytes, range: start..<index, kind: .number)
    }

    private mutating func parseContainer(opening: UInt8, depth: Int) throws(JSONSyntaxError) {
        let isObject = opening != .openBracket
        let closing: UInt8 = isObject ? UInt8(ascii: "}") : .closeBracket
        index += 1
        skipWhitespace()
        if peek() == closing {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if isObject {
                guard peek() == .quote else { throw JSONSyntaxError(offset: index, message: "expected a string key") }
                _ = try parseStringRange()
                skipWhitespace()
                try expect(.colon)
                skipWhitespace()
            }
            _ = try parseValue(depth: depth + 1)
            skipWhitespace()
            guard let byte = peek() else { throw JSONSyntaxError(offset: index, message: "unexpected end of input inside \(isObject ? "an object" : "an array")") }
            index += 1
            if byte == .comma { continue }
            guard byte == closing else {
                throw JSONSyntaxError(offset: index - 1, message: "expected ',' or '\(Character(UnicodeScalar(closing)))'")
            }
            return
        }
    }

    /// A string's range including its quotes, after checking escapes and UTF-8.
    @inline(__always)
    private mutating func parseStringRange() throws(JSONSyntaxError) -> Range<Int> {
        let start = index
        try expect(.quote)
        while index < bytes.count {
            index += ByteSearch.plainJSONStringPrefix(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == .quote {
                index += 1
                return start..<index
            }
            if byte == .backslash {
                try parseEscape()
            } else if byte < 0x20 {
                throw JSONSyntaxError(offset: index, message: "control character in a string")
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        ranOutOfInput = true
        throw JSONSyntaxError(offset: start, message: "unterminated string")
    }

    private mutating func parseEscape() throws(JSONSyntaxError) {
        sawEscape = true
        guard index + 1 < bytes.count else {
            ranOutOfInput = true
            throw JSONSyntaxError(offset: index, message: "unterminated escape")
        }
        switch bytes[index + 1] {
        case .quote, .backslash, .slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            if index + 6 > bytes.count { ranOutOfInput = true }
            guard index + 6 <= bytes.count, (2..<6).allSatisfy({ Self.hexValue(bytes[index + $0]) != nil }) else {
                throw JSONSyntaxError(offset: index, message: "invalid \\u escape")
            }
            index += 6
        default:
            throw JSONSyntaxError(offset: index, message: "invalid escape '\\\(Character(UnicodeScalar(bytes[index + 1])))'")
        }
    }

    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw JSONSyntaxError(offset: index, message: "invalid UTF-8")
        }
        guard index + length <= bytes.count else {
            ranOutOfInput = true
            throw JSONSyntaxError(offset: index, message: "invalid UTF-8")
        }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 {
            throw JSONSyntaxError(offset: index, message: "invalid UTF-8")
        }
        let second = bytes[index + 1]
        if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) {
            throw JSONSyntaxError(offset: index, message: "invalid UTF-8")
        }
        index += length
    }

    @inline(__always)
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = index
        if peek() == .dash { index += 1 }
        guard let first = peek(), first.isASCIIDigit else { throw JSONSyntaxError(offset: start, message: "expected a value") }
        index += 1
        if first != .zero { while let byte = peek(), byte.isASCIIDigit { index += 1 } }
        if peek() == .dot {
            index += 1
            guard let byte = peek(), byte.isASCIIDigit else { throw JSONSyntaxError(offset: index, message: "invalid number") }
            while let byte = peek(), byte.isASCIIDigit { index += 1 }
        }
        if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
            index += 1
            if let sign = peek(), sign == .plus || sign == .dash { index += 1 }
            guard let byte = peek(), byte.isASCIIDigit else { throw JSONSyntaxError(offset: index, message: "invalid number") }
            while let byte = peek(), byte.isASCIIDigit { index += 1 }
        }
    }

    // MARK: Pieces

    private mutating func peek() -> UInt8? {
        guard index < bytes.count else {
            ranOutOfInput = true
            return nil
        }
        return bytes[index]
    }

    /// Compact JSON has no whitespace between tokens: one comparison says so (every JSON
    /// whitespace byte is at most a space).
    @inline(__always)
    private mutating func skipWhitespace() {
        guard index < bytes.count, bytes[index] <= .space else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while index < bytes.count {
            switch bytes[index] {
            case .space, .tab, .newline, .carriageReturn: index += 1
            default: return
            }
        }
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard peek() == byte else {
            throw JSONSyntaxError(offset: index, message: peek() == nil ? "unexpected end of input" : "expected '\(Character(UnicodeScalar(byte)))'")
        }
        index += 1
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        if index + count > bytes.count { ranOutOfInput = true }
        guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
            throw JSONSyntaxError(offset: index, message: "expected a value")
        }
        index += count
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Decodes the string at `range` (including its quotes) after checking its escapes and
    /// UTF-8: for strings that were framed, not parsed, such as a top-level object's keys. An
    /// error's offset counts from the string's opening quote.
    static func decodeCheckedString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(JSONSyntaxError) -> String {
        var parser = JSONElementParser(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        guard try parser.parseStringRange().count == range.count else {
            throw JSONSyntaxError(offset: 0, message: "invalid string")
        }
        return decodeString(bytes, range)
    }

    /// Decodes a validated string (range includes the quotes).
    static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        guard !inner.isEmpty else { return "" }
        guard memchr(inner.baseAddress!, Int32(UInt8.backslash), inner.count) != nil else { return String(decoding: inner, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = 0
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
        }
        while index < inner.count {
            let byte = inner[index]
            guard byte == .backslash else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escaped = inner[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): utf8.append(.newline)
            case UInt8(ascii: "t"): utf8.append(.tab)
            case UInt8(ascii: "r"): utf8.append(.carriageReturn)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "u"):
                var code = (0..<4).reduce(UInt32(0)) { $0 << 4 | hexValue(inner[index + $1])! }
                index += 4
                if (0xD800..<0xDC00).contains(code), index + 6 <= inner.count, inner[index] == .backslash, inner[index + 1] == UInt8(ascii: "u") {
                    let low = (2..<6).reduce(UInt32(0)) { $0 << 4 | (hexValue(inner[index + $1]) ?? 0) }
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                flush()
                scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
            default: utf8.append(escaped)
            }
        }
        flush()
        return String(scalars)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
