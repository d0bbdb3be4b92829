/// Assembles plist values from a stream of element starts, ends and text (the XML reader's
/// nodes), handing each record to the caller as soon as it is complete: the elements of the
/// root `<array>`, or of the `<array>` under the root dict's `events` key. Only one record is
/// in memory at a time.
struct PlistTreeBuilder {
    struct Failure: Error {
        let message: String
    }

    private enum Frame {
        case document
        case dictionary([(key: String, value: PlistValue)], pendingKey: String?)
        case array([PlistValue], holdsRecords: Bool)
        case scalar(tag: PlistTag, text: String)
    }

    static let maximumDepth = 512
    private var stack: [Frame] = []
    private(set) var sawRecords = false
    /// The line where the record being built started.
    private(set) var recordLine = 0

    mutating func start(_ tag: PlistTag, isEmpty: Bool, line: Int) throws(Failure) {
        guard stack.count < Self.maximumDepth else { throw Failure(message: "nesting deeper than \(Self.maximumDepth) levels") }
        if case .array(_, true)? = stack.last { recordLine = line }
        switch tag {
        case .plist:
            guard stack.isEmpty else { throw Failure(message: "<plist> inside a plist") }
            stack.append(.document)
        case .dict:
            stack.append(.dictionary([], pendingKey: nil))
        case .array:
            let holdsRecords = isRecordArray
            stack.append(.array([], holdsRecords: holdsRecords))
            sawRecords = sawRecords || holdsRecords
        default:
            guard !stack.isEmpty else { throw Failure(message: "a value outside <plist>") }
            stack.append(.scalar(tag: tag, text: ""))
        }
        if isEmpty { try end(onRecord: { _, _ in }) }
    }

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
        case let .dictionary(entries, pendingKey):
            guard pendingKey == nil else { throw Failure(message: "<key>\(pendingKey!)</key> has no value") }
            value = .dictionary(entries)
        case let .array(items, _):
            value = .array(items)
        case let .scalar(.key, text):
            guard case let .dictionary(entries, nil)? = stack.popLast() else { throw Failure(message: "<key> outside a <dict>, or two keys in a row") }
            stack.append(.dictionary(entries, pendingKey: text))
            return
        case let .scalar(tag, text):
            value = try Self.scalar(tag, text)
        }
        try deliver(value, onRecord: onRecord)
    }

    /// Hands a finished value to its parent; containers are popped and pushed back so their
    /// arrays are appended to in place, never copied.
    private mutating func deliver(_ value: PlistValue, onRecord: (PlistValue, Int) -> Void) throws(Failure) {
        guard let parent = stack.popLast() else { return }
        switch parent {
        case .dictionary(var entries, let pendingKey?):
            entries.append((pendingKey, value))
            stack.append(.dictionary(entries, pendingKey: nil))
        case .dictionary:
            throw Failure(message: "a value in a <dict> without its <key>")
        case .array(let items, true):
            stack.append(.array(items, holdsRecords: true))
            onRecord(value, recordLine)
        case .array(var items, false):
            items.append(value)
            stack.append(.array(items, holdsRecords: false))
        case .document:
            stack.append(.document)
        case .scalar:
            throw Failure(message: "an element inside a scalar")
        }
    }

    /// The root array, or the array under the root dict's `events` key.
    private var isRecordArray: Bool {
        switch stack.last {
        case .document?: return true
        case let .dictionary(_, "events")?: return stack.count == 2
        default: return false
        }
    }

    private static func trimmed(_ text: String) -> Substring {
        let utf8 = text.utf8
        let isBlank = { (byte: UInt8) in byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else { return "" }
        return Substring(text.utf8[first...last])
    }

    private static func scalar(_ tag: PlistTag, _ text: String) throws(Failure) -> PlistValue {
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

import Foundation
