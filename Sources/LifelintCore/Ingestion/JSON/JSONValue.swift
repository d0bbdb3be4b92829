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
    func children() -> [(key: Range<Int>, value: JSONValue)] {
        var parser = JSONElementParser(bytes: bytes, maximumDepth: .max)
        return (try? parser.children(of: self)) ?? []
    }

    subscript(key: StaticString) -> JSONValue? {
        guard kind == .object else { return nil }
        let count = key.utf8CodeUnitCount
        for child in children() where child.key.count == count + 2 {
            if memcmp(bytes.baseAddress! + child.key.lowerBound + 1, key.utf8Start, count) == 0 { return child.value }
        }
        return nil
    }

    /// The decoded string, or nil when this is not a string.
    var string: String? {
        guard kind == .string else { return nil }
        return JSONElementParser.decodeString(bytes, range)
    }

    /// The number, also accepting a number written as a string (`"ts": "252089475232"`).
    var number: Double? {
        switch kind {
        case .number: return Double(text)
        case .string: return string.flatMap(Double.init)
        default: return nil
        }
    }

    var bool: Bool? { kind == .bool ? bytes[range.lowerBound] == UInt8(ascii: "t") : nil }

    /// The raw JSON text of the value.
    var text: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

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
