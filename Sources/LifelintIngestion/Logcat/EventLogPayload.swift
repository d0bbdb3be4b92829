@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The payload of an events-buffer line (`logcat -b events`): `[v1,v2,...]`, or on newer
/// builds `[Key=v1,Other Key=v2,...]`. Values are printed without quoting, so a string field
/// can itself contain commas; callers that read such a field take "the rest" of the list.
///
/// Every activity callback of a trace comes through here, so the fields are byte ranges of the
/// message, found once, and a field becomes a `Substring` only when a caller asks for it.
struct EventLogPayload {
    private let message: Substring
    private let values: [Range<Int>]
    /// The keys as written, beside `values`, when the payload is in `Key=value` form; compared
    /// ignoring case, spaces and underscores.
    private let keys: [Range<Int>]?
    /// A trailing `^` marks a payload the logger truncated.
    let isTruncated: Bool

    init?(_ message: Substring) {
        guard let layout = Self.layout(of: message.utf8.span) else { return nil }
        self.message = message
        keys = layout.keys
        values = layout.values
        isTruncated = layout.isTruncated
    }

    var count: Int { values.count }

    /// The field by its key in `Key=value` form, else by position.
    func value(_ index: Int, key: StaticString) -> Substring? {
        position(index, key: key).map { text(values[$0]) }
    }

    /// A string field that may contain commas: everything from `index` up to the last
    /// `trailing` fields, as the line has it.
    func rest(from index: Int, key: StaticString, trailing: Int = 0) -> Substring? {
        if keys != nil { return value(index, key: key) }
        guard index < values.count else { return nil }
        let last = min(max(index + 1, values.count - trailing), values.count) - 1
        return text(values[index].lowerBound..<values[last].upperBound)
    }

    /// A whole number, with or without a unit of milliseconds (`time=1ms`).
    func integer(_ index: Int, key: StaticString) -> Int64? {
        guard let position = position(index, key: key) else { return nil }
        var range = values[position]
        return withBytes { bytes in
            if range.count >= 2, bytes[range.upperBound - 1] == UInt8(ascii: "s"), bytes[range.upperBound - 2] == UInt8(ascii: "m") {
                range = range.lowerBound..<range.upperBound - 2
            }
            return Self.number(bytes, range)
        }
    }

    /// How many fields a positional payload lacks at its front: 1 when it has no user id
    /// (Android before 4.2: `am_proc_died: [18971,net.pmarks.chromadoze]`), recognised by one
    /// leading integer field fewer than the layout with the user (`[0,18971,…]`).
    func userShift(leadingIntegersWithUser count: Int) -> Int {
        guard keys == nil else { return 0 }
        return leadingIntegers == count - 1 ? 1 : 0
    }

    /// An activity's token in a system line: `[User,Token,…]`, `[Token,…]` before 4.2, with
    /// a task id after it in some tags (`[User,Token,Task ID,Component]`): the last leading
    /// integer but the task id.
    func token(followedByTaskID: Bool) -> Substring? {
        if keys != nil { return value(0, key: "Token") }
        let index = leadingIntegers - (followedByTaskID ? 2 : 1)
        return index >= 0 ? text(values[index]) : nil
    }

    /// The first field that reads as a component, `com.app/.Main`, as package and class.
    func firstComponent() -> (package: String, className: String)? {
        if keys != nil { return value(0, key: "Component Name").flatMap(ProcessName.component) }
        let candidates = withBytes { bytes in values.filter { bytes.contains(.slash, in: $0) } }
        return candidates.lazy.compactMap { ProcessName.component(text($0)) }.first
    }

    private var leadingIntegers: Int {
        withBytes { bytes in values.prefix { Self.number(bytes, $0) != nil }.count }
    }

    /// The field's whole number, after one leading space (`[0, 123]`).
    private static func number(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Int64? {
        let digits = range.first.map { bytes[$0] } == .space ? range.dropFirst() : range
        return DecimalText.integer(bytes, digits)
    }

    /// Which field `value(_:key:)` means: by key in `Key=value` form, else by position.
    private func position(_ index: Int, key: StaticString) -> Int? {
        guard let keys else { return index < values.count ? index : nil }
        return withBytes { bytes in keys.firstIndex { Self.isSameKey(bytes, $0, key) } }
    }

    private func text(_ range: Range<Int>) -> Substring {
        let utf8 = message.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
    }

    private func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        body(message.utf8.span)
    }

    /// Where a payload's fields are in the message, by byte offset.
    private struct Layout {
        var keys: [Range<Int>]?
        var values: [Range<Int>]
        var isTruncated: Bool
    }

    /// The fields of `[…]` (spaces after it allowed; a `^` before its end marks it truncated),
    /// split at the commas that start a new `Key=` when every field has a key, else at every
    /// comma; nil when the message is not such a list.
    private static func layout(of message: Span<UInt8>) -> Layout? {
        var end = message.count
        while end > 0, message[end - 1] == .space { end -= 1 }
        guard end > 0, message[0] == UInt8(ascii: "[") else { return nil }
        let isTruncated = end > 1 && message[end - 1] == UInt8(ascii: "^")
        if isTruncated { end -= 1 }
        if end > 1, message[end - 1] == UInt8(ascii: "]") { end -= 1 }
        let body = 1..<end
        if let (keys, values) = keyedFields(message, body) {
            return Layout(keys: keys, values: values, isTruncated: isTruncated)
        }
        var values: [Range<Int>] = []
        var fieldStart = body.lowerBound
        for index in body where message[index] == .comma {
            values.append(fieldStart..<index)
            fieldStart = index + 1
        }
        values.append(fieldStart..<body.upperBound)
        return Layout(keys: nil, values: values, isTruncated: isTruncated)
    }

    /// `Key=a,Other Key=b,c` as its keys and values (split at the commas that start a new
    /// `Key=`); nil when the payload is not all in that form.
    private static func keyedFields(_ bytes: Span<UInt8>, _ body: Range<Int>) -> (keys: [Range<Int>], values: [Range<Int>])? {
        guard let firstEquals = keyEnd(in: bytes, from: body.lowerBound, before: body.upperBound) else { return nil }
        var keys: [Range<Int>] = []
        var values: [Range<Int>] = []
        var keyStart = body.lowerBound
        var equals = firstEquals
        var index = firstEquals + 1
        while index < body.upperBound {
            if bytes[index] == .comma, let next = keyEnd(in: bytes, from: index + 1, before: body.upperBound) {
                keys.append(keyStart..<equals)
                values.append(equals + 1..<index)
                keyStart = index + 1
                equals = next
                index = next
            }
            index += 1
        }
        keys.append(keyStart..<equals)
        values.append(equals + 1..<body.upperBound)
        return (keys, values)
    }

    /// Where the `=` of a key starting at `start` is (`Component Name=`: an ASCII letter, then
    /// letters, spaces and underscores); nil when no key starts there.
    private static func keyEnd(in bytes: Span<UInt8>, from start: Int, before end: Int) -> Int? {
        guard start < end, bytes[start].isASCIILetter else { return nil }
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == .equals { return index }
            guard byte.isASCIILetter || byte == .space || byte == UInt8(ascii: "_") else { return nil }
            index += 1
        }
        return nil
    }

    /// Whether two keys are the same but for case, spaces and underscores (`Component Name`,
    /// `component_name`); keys are ASCII letters, spaces and underscores (`keyEnd`).
    private static func isSameKey(_ bytes: Span<UInt8>, _ written: Range<Int>, _ wanted: StaticString) -> Bool {
        wanted.withSpan { isSameKey(bytes, written, $0) }
    }

    private static func isSameKey(_ bytes: Span<UInt8>, _ written: Range<Int>, _ right: Span<UInt8>) -> Bool {
        var leftIndex = written.lowerBound
        var rightIndex = 0
        while true {
            while leftIndex < written.upperBound, !isKeyLetter(bytes[leftIndex]) { leftIndex += 1 }
            while rightIndex < right.count, !isKeyLetter(right[rightIndex]) { rightIndex += 1 }
            guard leftIndex < written.upperBound, rightIndex < right.count else {
                return leftIndex == written.upperBound && rightIndex == right.count
            }
            guard bytes[leftIndex] | 0x20 == right[rightIndex] | 0x20 else { return false }
            leftIndex += 1
            rightIndex += 1
        }
    }

    private static func isKeyLetter(_ byte: UInt8) -> Bool {
        byte != .space && byte != UInt8(ascii: "_")
    }
}
