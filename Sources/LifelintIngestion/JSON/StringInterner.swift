@_spi(Bytes) import LifelintBytes
import LifelintModel

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
/// A direct-mapped table: each string of up to 127 bytes has one slot, and a newcomer replaces
/// whatever held it, so memory is fixed however many distinct strings a trace has. A slot keeps
/// a string's length and its `ByteWords` (the whole of a string of up to 32 bytes; the first and
/// last 16 of a longer one, whose bytes are kept too and compared in full: an activity's
/// component, `com.example.app/.EditorActivity`, is often longer).
struct StringInterner {
    static let maximumLength = 127
    private static let slotCount = 512
    private static let wordsPerSlot = ByteWords.maximumCount / 8

    private var words: [UInt64]
    private var lengths: [Int8]
    /// The bytes of the slots' strings longer than `ByteWords.maximumCount`, `maximumLength`
    /// bytes per slot.
    private var longBytes: [UInt8]
    private var strings: [String]
    /// The slot's string as an event name, once it has been read as one: a name made again
    /// would take the process-wide numbering's lock.
    private var eventNames: [EventName?]

    init() {
        words = Array(repeating: 0, count: Self.slotCount * Self.wordsPerSlot)
        lengths = Array(repeating: -1, count: Self.slotCount)
        longBytes = Array(repeating: 0, count: Self.slotCount * Self.maximumLength)
        strings = Array(repeating: "", count: Self.slotCount)
        eventNames = Array(repeating: nil, count: Self.slotCount)
    }

    /// The string of validated UTF-8 `bytes`.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let slot = slot(of: bytes) else { return String(decoding: bytes, as: UTF8.self) }
        return strings[slot]
    }

    /// The event name of validated UTF-8 `bytes`.
    mutating func eventName(_ bytes: UnsafeBufferPointer<UInt8>) -> EventName {
        guard let slot = slot(of: bytes) else { return EventName(String(decoding: bytes, as: UTF8.self)) }
        if let name = eventNames[slot] { return name }
        let name = EventName(strings[slot])
        eventNames[slot] = name
        return name
    }

    /// Whether `eventName(_:)` made an event name of `bytes` that the table still holds: a
    /// decoder that checks names before making them need not check this one again.
    func holdsEventName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= Self.maximumLength, let base = bytes.baseAddress else { return false }
        let key = ByteWords(base, count: bytes.count)
        let slot = Self.slot(for: key, count: bytes.count)
        // A pattern, not `!= nil`, which copied the name out to compare it.
        guard holds(key, bytes, at: slot), case .some = eventNames[slot] else { return false }
        return true
    }

    /// The slot holding `bytes`, filled with them if it held something else; nil past the
    /// maximum length.
    private mutating func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count <= Self.maximumLength, let base = bytes.baseAddress else { return nil }
        let key = ByteWords(base, count: bytes.count)
        let slot = Self.slot(for: key, count: bytes.count)
        if holds(key, bytes, at: slot) { return slot }
        if bytes.count > ByteWords.maximumCount {
            longBytes.withUnsafeMutableBufferPointer { stored in
                (stored.baseAddress! + slot * Self.maximumLength).update(from: base, count: bytes.count)
            }
        }
        let first = slot * Self.wordsPerSlot
        lengths[slot] = Int8(bytes.count)
        words[first] = key.words.0
        words[first + 1] = key.words.1
        words[first + 2] = key.words.2
        words[first + 3] = key.words.3
        strings[slot] = String(decoding: bytes, as: UTF8.self)
        eventNames[slot] = nil
        return slot
    }

    private static func slot(for key: ByteWords, count: Int) -> Int {
        Int(truncatingIfNeeded: key.hash(count: count) >> 55) & (slotCount - 1)
    }

    private func holds(_ key: ByteWords, _ bytes: UnsafeBufferPointer<UInt8>, at slot: Int) -> Bool {
        let first = slot * Self.wordsPerSlot
        guard lengths[slot] == Int8(bytes.count), words[first] == key.words.0, words[first + 1] == key.words.1,
            words[first + 2] == key.words.2, words[first + 3] == key.words.3
        else { return false }
        guard bytes.count > ByteWords.maximumCount else { return true }
        return longBytes.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + slot * Self.maximumLength, bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// A JSON string decoded, through the table when it has no escapes; `isEscapeFree` when
    /// the parser saw none in its record.
    @inline(__always)
    mutating func string(json value: JSONValue, isEscapeFree: Bool = false) -> String {
        guard let raw = value.rawStringBytes(escapeFree: isEscapeFree), raw.count <= Self.maximumLength else { return value.string ?? "" }
        return string(raw)
    }

    /// A scalar value as attribute text (see `JSONValue.scalarText`).
    mutating func scalarText(_ value: JSONValue, isEscapeFree: Bool = false) -> String? {
        switch value.kind {
        case .string: return string(json: value, isEscapeFree: isEscapeFree)
        case .bool: return string(UnsafeBufferPointer(rebasing: value.bytes[value.range]))
        // Numbers rarely repeat (sizes, counters): a table slot would only be churned.
        case .number: return value.bytes.text(value.range)
        default: return nil
        }
    }
}
