import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A validated JSON value seen in place: its bytes are not copied, and strings are decoded only
/// when a caller asks for them. Objects list their members' key and value ranges, so looking a
/// key up compares bytes.
struct JSONValue {
    enum Kind {
        case object
        case array
        case string
        case number
        case bool
        case null
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    let kind: Kind

    /// Members of an object, or elements of an array (with empty key ranges).
    func children() -> [JSONElementParser.Member] {
        var result: [JSONElementParser.Member] = []
        var parser = JSONElementParser(bytes: bytes, maximumDepth: .max)
        do {
            try parser.children(of: self, into: &result)
        } catch {
            result.removeAll()
        }
        return result
    }

    /// The decoded string, or nil when this is not a string.
    var string: String? {
        guard kind == .string else { return nil }
        return JSONElementParser.decodeString(bytes, range)
    }

    /// The boolean, or nil when this is not `true` or `false`.
    var bool: Bool? {
        guard kind == .bool else { return nil }
        return bytes[range.lowerBound] == UInt8(ascii: "t")
    }

    /// The number, also accepting a number written as a string (`"ts": "252089475232"`).
    var number: Double? {
        switch kind {
        case .number: return Self.fastNumber(bytes, range) ?? Double(text)
        case .string: return Self.fastNumber(bytes, (range.lowerBound + 1)..<(range.upperBound - 1)) ?? string.flatMap(Double.init)
        default: return nil
        }
    }

    /// Plain decimals (`-12`, `1704705343.25`) read straight from the bytes. The digits as an
    /// integer up to 2^53 and the power of ten are both exact doubles, so the one division is
    /// correctly rounded, as `Double(String)` is; anything else (exponents, longer mantissas)
    /// is left to the standard library.
    static func fastNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        let negative = bytes[index] == .dash
        if negative { index += 1 }
        var mantissa: Int64 = 0
        let firstDigit = index
        Self.accumulateDigits(bytes, &index, range.upperBound, into: &mantissa)
        let integerDigits = index - firstDigit
        var fractionDigits = 0
        if index < range.upperBound, bytes[index] == .dot {
            index += 1
            let firstFractionDigit = index
            Self.accumulateDigits(bytes, &index, range.upperBound, into: &mantissa)
            fractionDigits = index - firstFractionDigit
        }
        let digits = integerDigits + fractionDigits
        guard index == range.upperBound, digits > 0, digits <= 17, mantissa <= 1 << 53, fractionDigits <= 15 else { return nil }
        let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// Adds the decimal digits from `index` on to `mantissa` (wrapping: callers reject more
    /// than 17 digits), stopping at the first other byte.
    @inline(__always)
    private static func accumulateDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int, into mantissa: inout Int64) {
        while index < end {
            let digit = bytes[index] &- .zero
            guard digit < 10 else { return }
            mantissa = mantissa &* 10 &+ Int64(digit)
            index += 1
        }
    }

    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

    /// Whether this is a string whose content, without escapes, equals `literal`: compares
    /// bytes, so no string is created.
    func isString(_ literal: StaticString) -> Bool {
        kind == .string && range.count == literal.utf8CodeUnitCount + 2
            && memcmp(bytes.baseAddress! + range.lowerBound + 1, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Whether this string's raw content contains `needle`.
    func stringContains(_ needle: StaticString) -> Bool {
        kind == .string && ByteSearch.contains(needle, in: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// Whether this string's raw content starts with `prefix`.
    func stringHasPrefix(_ prefix: StaticString) -> Bool {
        kind == .string && range.count >= prefix.utf8CodeUnitCount + 2
            && memcmp(bytes.baseAddress! + range.lowerBound + 1, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
    }

    /// A string's content as bytes when it has no escapes (nil otherwise): for parsers that
    /// read the text without making a `String`.
    @inline(__always)
    var rawStringBytes: UnsafeBufferPointer<UInt8>? {
        guard let inner = stringContentBytes else { return nil }
        guard inner.isEmpty || memchr(inner.baseAddress!, Int32(UInt8.backslash), inner.count) == nil else { return nil }
        return inner
    }

    /// `rawStringBytes`, without looking for a backslash when the parser saw none in the record
    /// (`JSONObject.isEscapeFree`).
    @inline(__always)
    func rawStringBytes(escapeFree: Bool) -> UnsafeBufferPointer<UInt8>? {
        escapeFree ? stringContentBytes : rawStringBytes
    }

    /// A string's content as bytes, escapes and all.
    @inline(__always)
    private var stringContentBytes: UnsafeBufferPointer<UInt8>? {
        guard kind == .string else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    }

    /// The raw JSON text of the value.
    var text: String { bytes.text(range) }

    /// A scalar as attribute text: strings decoded, numbers and booleans as written; nil for
    /// objects, arrays and null.
    var scalarText: String? {
        switch kind {
        case .string: return string
        case .number, .bool: return text
        default: return nil
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
