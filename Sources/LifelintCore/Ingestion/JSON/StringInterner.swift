#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recently made strings, found again by their bytes. Traces repeat the same app names,
/// attribute keys and values record after record; finding one here costs a hash and a
/// comparison of four words, where making it again costs UTF-8 validation and, past 15 bytes,
/// an allocation.
///
/// A direct-mapped table: each string of up to 32 bytes has one slot, and a newcomer replaces
/// whatever held it, so memory is fixed however many distinct strings a trace has.
struct StringInterner {
    static let maximumLength = 32
    private static let slotCount = 512
    private static let wordsPerSlot = maximumLength / 8

    private var words: [UInt64]
    private var lengths: [Int8]
    private var strings: [String]

    init() {
        words = Array(repeating: 0, count: Self.slotCount * Self.wordsPerSlot)
        lengths = Array(repeating: -1, count: Self.slotCount)
        strings = Array(repeating: "", count: Self.slotCount)
    }

    /// The string of validated UTF-8 `bytes`.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= Self.maximumLength, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        let key = Self.words(base, bytes.count)
        let hash = (key.0 &* 0x9E37_79B9_7F4A_7C15 ^ key.1 &* 0xC2B2_AE3D_27D4_EB4F ^ key.2 &* 0x1656_67B1_9E37_79F9
            ^ key.3 &* 0x27D4_EB2F_1656_67C5 ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: hash >> 55) & (Self.slotCount - 1)
        let first = slot * Self.wordsPerSlot
        if lengths[slot] == Int8(bytes.count), words[first] == key.0, words[first + 1] == key.1,
            words[first + 2] == key.2, words[first + 3] == key.3
        {
            return strings[slot]
        }
        let string = String(decoding: bytes, as: UTF8.self)
        lengths[slot] = Int8(bytes.count)
        words[first] = key.0
        words[first + 1] = key.1
        words[first + 2] = key.2
        words[first + 3] = key.3
        strings[slot] = string
        return string
    }

    /// Up to 32 bytes as four words that, with the count, identify them: overlapping
    /// unaligned loads from both ends, so no byte outside `base[0..<count]` is read and no
    /// copy is made.
    @inline(__always)
    private static func words(_ base: UnsafePointer<UInt8>, _ count: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let raw = UnsafeRawPointer(base)
        func load64(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        func load32(_ offset: Int) -> UInt64 { UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        switch count {
        case 16...: return (load64(0), load64(8), load64(count - 16), load64(count - 8))
        case 8...: return (load64(0), load64(count - 8), 0, 0)
        case 4...: return (load32(0) | load32(count - 4) << 32, 0, 0, 0)
        case 0: return (0, 0, 0, 0)
        default: return (UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16, 0, 0, 0)
        }
    }

    /// A JSON string decoded, through the table when it has no escapes.
    @inline(__always)
    mutating func string(json value: JSONValue) -> String {
        guard let raw = value.rawStringBytes, raw.count <= Self.maximumLength else { return value.string ?? "" }
        return string(raw)
    }

    /// A scalar value as attribute text (see `JSONValue.scalarText`).
    mutating func scalarText(_ value: JSONValue) -> String? {
        switch value.kind {
        case .string: return string(json: value)
        case .bool: return string(UnsafeBufferPointer(rebasing: value.bytes[value.range]))
        // Numbers rarely repeat (sizes, counters): a table slot would only be churned.
        case .number: return String(decoding: UnsafeBufferPointer(rebasing: value.bytes[value.range]), as: UTF8.self)
        default: return nil
        }
    }
}
