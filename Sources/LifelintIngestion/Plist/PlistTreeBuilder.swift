import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Assembles plist values from a stream of element starts, ends and text (the XML reader's
/// nodes), handing each record to the caller as soon as it is complete: the elements of the
/// root `<array>`, or of the `<array>` under the root dict's `events` key. Only one record is
/// in memory at a time.
struct PlistTreeBuilder {
    struct Failure: Error {
        let message: String
    }

    /// Containers under construction are boxes, so appending to one never copies its array.
    private final class DictionaryFrame {
        var entries: [(key: String, value: PlistValue)] = []
        var pendingKey: String?
    }

    private final class ArrayFrame {
        var items: [PlistValue] = []
        let holdsRecords: Bool
        init(holdsRecords: Bool) { self.holdsRecords = holdsRecords }
    }

    private enum Frame {
        case document
        case dictionary(DictionaryFrame)
        case array(ArrayFrame)
        case scalar(tag: PlistTag, text: String)
    }

    static let maximumDepth = 512
    private var stack: [Frame] = []
    /// Where the record array sits in `stack`, and whether the root dict's pending key is
    /// `events`: kept apart so the per-element checks never copy a frame (and its arrays).
    private var recordsDepth: Int?
    private var rootKeyIsEvents = false
    private(set) var sawRecords = false
    /// The line where the record being built started.
    private(set) var recordLine = 0

    mutating func start(_ tag: PlistTag, isEmpty: Bool, line: Int) throws(Failure) {
        guard stack.count < Self.maximumDepth else { throw Failure(message: "nesting deeper than \(Self.maximumDepth) levels") }
        if recordsDepth == stack.count - 1 { recordLine = line }
        switch tag {
        case .plist:
            guard stack.isEmpty else { throw Failure(message: "<plist> inside a plist") }
            stack.append(.document)
        case .dict:
            stack.append(.dictionary(DictionaryFrame()))
        case .array:
            let holdsRecords = recordsDepth == nil && (stack.count == 1 || (stack.count == 2 && rootKeyIsEvents))
            stack.append(.array(ArrayFrame(holdsRecords: holdsRecords)))
            if holdsRecords {
                recordsDepth = stack.count - 1
                sawRecords = true
            }
        default:
            guard !stack.isEmpty else { throw Failure(message: "a value outside <plist>") }
            stack.append(.scalar(tag: tag, text: ""))
        }
        if isEmpty { try end(onRecord: { _, _ in }) }
    }

    /// Whether the next element starts a record (so it can be read whole).
    var expectsRecord: Bool { recordsDepth != nil && recordsDepth == stack.count - 1 }

    mutating func text(_ text: String) {
        if case .scalar(let tag, var existing)? = stack.popLast() {
            existing += text
            stack.append(.scalar(tag: tag, text: existing))
        }
    }

    mutating func end(onRecord: (PlistValue, Int) -> Void) throws(Failure) {
        guard let frame = stack.popLast() else { throw Failure(message: "an end tag without its start") }
        let value: PlistValue
        switch frame {
        case .document:
            return
        case let .dictionary(dictionary):
            guard dictionary.pendingKey == nil else { throw Failure(message: "<key>\(dictionary.pendingKey!)</key> has no value") }
            value = .dictionary(dictionary.entries)
        case let .array(array):
            if array.holdsRecords { recordsDepth = nil }
            value = .array(array.items)
        case let .scalar(.key, text):
            guard case let .dictionary(dictionary)? = stack.last, dictionary.pendingKey == nil else {
                throw Failure(message: "<key> outside a <dict>, or two keys in a row")
            }
            dictionary.pendingKey = text
            if stack.count == 2 { rootKeyIsEvents = text == "events" }
            return
        case let .scalar(tag, text):
            value = try Self.scalar(tag, text)
        }
        try deliver(value, onRecord: onRecord)
    }

    private mutating func deliver(_ value: PlistValue, onRecord: (PlistValue, Int) -> Void) throws(Failure) {
        switch stack.last {
        case let .dictionary(dictionary)?:
            guard let key = dictionary.pendingKey else { throw Failure(message: "a value in a <dict> without its <key>") }
            dictionary.entries.append((key, value))
            dictionary.pendingKey = nil
        case let .array(array)? where array.holdsRecords:
            onRecord(value, recordLine)
        case let .array(array)?:
            array.items.append(value)
        case .document?, nil:
            break
        case .scalar?:
            throw Failure(message: "an element inside a scalar")
        }
    }

    private static func trimmed(_ text: String) -> Substring {
        let utf8 = text.utf8
        let isBlank = { (byte: UInt8) in byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else { return "" }
        return Substring(text.utf8[first...last])
    }

    static func scalar(_ tag: PlistTag, _ text: String) throws(Failure) -> PlistValue {
        switch tag {
        case .string: return .string(text)
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        default: break
        }
        let trimmed = Self.trimmed(text)
        switch tag {
        case .integer:
            guard let value = Int64(trimmed) else { throw Failure(message: "<integer>\(trimmed)</integer> is not an integer") }
            return .integer(value)
        case .real:
            guard let value = Double(trimmed) else { throw Failure(message: "<real>\(trimmed)</real> is not a number") }
            return .real(value)
        case .date:
            guard let time = TimestampParser.parse(String(trimmed)), time.clock == .wall else { throw Failure(message: "<date>\(trimmed)</date> is not a date") }
            return .date(Double(time.nanoseconds) / 1e9 - PlistValue.referenceDateOffset)
        default:
            return .data(trimmed.filter { !$0.isWhitespace }.count * 3 / 4)
        }
    }
}
