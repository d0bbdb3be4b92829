import Foundation
@_spi(Bytes) import LifelintBytes
import Synchronization

/// Writes report values (strings, integers, booleans, `NSNull`, dictionaries with string keys
/// and arrays of these) as JSON text, byte for byte as `JSONSerialization` writes them with
/// `.sortedKeys` and `.withoutEscapingSlashes`, pretty-printed or compact. Reports stay
/// identical to what they were, without Foundation's cost: it casts every value dynamically,
/// which made a report of 200,000 findings take minutes.
///
/// Keys are ordered as Foundation orders them (`NSString.compare` with numeric,
/// case-insensitive and forced ordering in the system locale), which is not byte order; the
/// order of each set of keys is worked out once and remembered, since a report repeats a few
/// shapes many times. A value of another type (a floating-point number, an `NSNumber` read from
/// a configuration) is written by `JSONSerialization` itself.
///
/// One writer may serve several threads (a batch's workers render their traces' records): the
/// remembered orders are behind locks, one per shard, each thread using the shard its identity
/// picks. Behind one lock, taken for every object written, `--jobs 8` on two cores spent its
/// time in lock hand-offs (a thread preempted while holding it stalled the other seven).
final class JSONText: Sendable {
    private final class KeyOrders: Sendable {
        let orders = Mutex<[[String]: [String]]>([:])
    }

    private let shards = (0..<64).map { _ in KeyOrders() }
    private static let rememberedKeyOrders = 4096

    /// Appends `value`; `depth` is the indentation level it starts at when pretty.
    /// Throws for a value JSON cannot hold.
    func append(_ value: Any, pretty: Bool, depth: Int = 0, to bytes: inout [UInt8]) throws(OutputFailure) {
        switch value {
        case let string as String: Self.appendString(string, to: &bytes)
        case let object as [String: Any]: try appendObject(object, pretty: pretty, depth: depth, to: &bytes)
        case let array as [Any]: try appendArray(array, pretty: pretty, depth: depth, to: &bytes)
        case is NSNull: bytes += "null".utf8
        default:
            if let integer = Self.integer(value) {
                bytes += String(integer).utf8
            } else if type(of: value) == Bool.self, let bool = value as? Bool {
                bytes += (bool ? "true" : "false").utf8
            } else {
                try Self.appendByFoundation(value, pretty: pretty, depth: depth, to: &bytes)
            }
        }
    }

    private static func integer(_ value: Any) -> Int64? {
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(Int.self): Int64(value as! Int)
        case ObjectIdentifier(Int64.self): value as? Int64
        case ObjectIdentifier(Int32.self): Int64(value as! Int32)
        default: nil
        }
    }

    private func appendObject(_ object: [String: Any], pretty: Bool, depth: Int, to bytes: inout [UInt8]) throws(OutputFailure) {
        bytes.append(UInt8(ascii: "{"))
        for (position, key) in order(of: object).enumerated() {
            Self.separator(first: position == 0, pretty: pretty, depth: depth + 1, to: &bytes)
            Self.appendString(key, to: &bytes)
            bytes += pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")]
            try append(object[key]!, pretty: pretty, depth: depth + 1, to: &bytes)
        }
        Self.close(UInt8(ascii: "}"), empty: object.isEmpty, pretty: pretty, depth: depth, to: &bytes)
    }

    private func appendArray(_ array: [Any], pretty: Bool, depth: Int, to bytes: inout [UInt8]) throws(OutputFailure) {
        bytes.append(UInt8(ascii: "["))
        for (position, element) in array.enumerated() {
            Self.separator(first: position == 0, pretty: pretty, depth: depth + 1, to: &bytes)
            try append(element, pretty: pretty, depth: depth + 1, to: &bytes)
        }
        Self.close(UInt8(ascii: "]"), empty: array.isEmpty, pretty: pretty, depth: depth, to: &bytes)
    }

    /// The keys in Foundation's order.
    private func order(of object: [String: Any]) -> [String] {
        let keys = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // A thread's identity is the address of its control block, and threads' blocks lie a
        // stack apart: mixed (Fibonacci hashing), the top bits pick the shard.
        let shard = shards[Int(truncatingIfNeeded: (UInt64(UInt(pthread_self())) &* 0x9E37_79B9_7F4A_7C15) >> 58)]
        if let known = shard.orders.withLock({ $0[keys] }) { return known }
        let ordered = keys.sorted(by: Self.foundationPrecedes)
        shard.orders.withLock { orders in
            if orders.count < Self.rememberedKeyOrders { orders[keys] = ordered }
        }
        return ordered
    }

    private static func foundationPrecedes(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: NSLocale.system) == .orderedAscending
    }

    private static func newline(depth: Int, to bytes: inout [UInt8]) {
        bytes.append(.newline)
        bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth)
    }

    /// Before a member or element: a comma after the first, and when pretty a line of its own.
    private static func separator(first: Bool, pretty: Bool, depth: Int, to bytes: inout [UInt8]) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline(depth: depth, to: &bytes) }
    }

    /// The closing bracket; when pretty, on its own line, and an empty container has a blank
    /// line inside (`{\n\n}`), as Foundation writes it.
    private static func close(_ bracket: UInt8, empty: Bool, pretty: Bool, depth: Int, to bytes: inout [UInt8]) {
        if pretty {
            if empty { bytes.append(.newline) }
            newline(depth: depth, to: &bytes)
        }
        bytes.append(bracket)
    }

    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: one scan, then one copy.
        guard ByteBuffer.containsJSONEscape(string) else {
            bytes.append(contentsOf: string.utf8)
            return bytes.append(UInt8(ascii: "\""))
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case 0x08: bytes += #"\b"#.utf8
            case 0x0C: bytes += #"\f"#.utf8
            case .newline: bytes += #"\n"#.utf8
            case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
            case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
            case 0x00..<0x20: bytes += "\\u00".utf8 + hexDigits(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
    }

    /// A value this writer does not know, as `JSONSerialization` writes it (indented to `depth`).
    private static func appendByFoundation(_ value: Any, pretty: Bool, depth: Int, to bytes: inout [UInt8]) throws(OutputFailure) {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if pretty { options.insert(.prettyPrinted) }
        guard JSONSerialization.isValidJSONObject([value]) else { throw .unserializable("a value JSON cannot represent") }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: value, options: options)
        } catch {
            throw .unserializable(String(describing: error))
        }
        // Lines after the first are indented to `depth`; the blank line of an empty container stays blank.
        var lineStart = false
        for byte in data {
            if lineStart, byte != .newline { bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth) }
            bytes.append(byte)
            lineStart = byte == .newline
        }
    }
}
