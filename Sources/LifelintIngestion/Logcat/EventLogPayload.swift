import LifelintModel

/// The payload of an events-buffer line (`logcat -b events`): `[v1,v2,...]`, or on newer
/// builds `[Key=v1,Other Key=v2,...]`. Values are printed without quoting, so a string field
/// can itself contain commas; callers that read such a field take "the rest" of the list.
struct EventLogPayload {
    private let values: [Substring]
    /// The keys as written when the payload is in `Key=value` form; compared ignoring case,
    /// spaces and underscores, without making strings (these lines are many).
    private let keys: [Substring]?
    /// A trailing `^` marks a payload the logger truncated.
    let isTruncated: Bool

    init?(_ message: Substring) {
        var message = message
        // Bytes, not characters: every activity callback line of a trace comes through here.
        guard let layout = message.withUTF8(Self.layout(of:)) else { return nil }
        let utf8 = message.utf8
        func slice(_ range: Range<Int>) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        keys = layout.keys?.map(slice)
        values = layout.values.map(slice)
        isTruncated = layout.isTruncated
    }

    var count: Int { values.count }

    /// The field by its key in `Key=value` form, else by position.
    func value(_ index: Int, key: StaticString) -> Substring? {
        if let keys {
            return keys.firstIndex { Self.isSameKey($0, key) }.map { values[$0] }
        }
        return index < values.count ? values[index] : nil
    }

    /// A string field that may contain commas: everything from `index` up to the last
    /// `trailing` fields, rejoined.
    func rest(from index: Int, key: StaticString, trailing: Int = 0) -> Substring? {
        if keys != nil { return value(index, key: key) }
        let end = max(index + 1, values.count - trailing)
        guard index < values.count else { return nil }
        return Substring(values[index..<min(end, values.count)].joined(separator: ","))
    }

    /// A whole number, with or without a unit of milliseconds (`time=1ms`).
    func integer(_ index: Int, key: StaticString) -> Int64? {
        guard let text = value(index, key: key) else { return nil }
        var bytes = text.utf8[...]
        if bytes.last == UInt8(ascii: "s"), bytes.dropLast().last == UInt8(ascii: "m") { bytes = bytes.dropLast(2) }
        return Self.integer(bytes)
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
        return index >= 0 ? values[index] : nil
    }

    /// The first field that reads as a component, `com.app/.Main`, as package and class.
    func firstComponent() -> (package: String, className: String)? {
        if keys != nil { return value(0, key: "Component Name").flatMap(ProcessName.component) }
        for value in values where value.utf8.contains(UInt8(ascii: "/")) {
            if let component = ProcessName.component(value) { return component }
        }
        return nil
    }

    private var leadingIntegers: Int {
        values.prefix { Self.integer($0.utf8[...]) != nil }.count
    }

    /// The field's number, after one leading space (`[0, 123]`). By its bytes: `trimmingPrefix`
    /// compares characters through generic code, thousands of instructions a field.
    private static func integer(_ field: Substring.UTF8View.SubSequence) -> Int64? {
        Int64(Substring(field.first == .space ? field.dropFirst() : field))
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
    private static func layout(of message: UnsafeBufferPointer<UInt8>) -> Layout? {
        var end = message.count
        while end > 0, message[end - 1] == .space { end -= 1 }
        guard end > 0, message[0] == UInt8(ascii: "[") else { return nil }
        let start = 1
        let isTruncated = end > start && message[end - 1] == UInt8(ascii: "^")
        if isTruncated { end -= 1 }
        if end > start, message[end - 1] == UInt8(ascii: "]") { end -= 1 }
        let body = UnsafeBufferPointer(rebasing: message[start..<end])
        func inMessage(_ range: Range<Int>) -> Range<Int> { range.lowerBound + start..<range.upperBound + start }
        if let fields = keyedFields(body) {
            return Layout(keys: fields.map { inMessage($0.key) }, values: fields.map { inMessage($0.value) }, isTruncated: isTruncated)
        }
        var values: [Range<Int>] = []
        var fieldStart = 0
        for index in body.indices where body[index] == .comma {
            values.append(inMessage(fieldStart..<index))
            fieldStart = index + 1
        }
        values.append(inMessage(fieldStart..<body.count))
        return Layout(keys: nil, values: values, isTruncated: isTruncated)
    }

    /// `Key=a,Other Key=b,c` as its keys and values (split at the commas that start a new
    /// `Key=`), by byte offsets; nil when the payload is not all in that form.
    private static func keyedFields(_ bytes: UnsafeBufferPointer<UInt8>) -> [(key: Range<Int>, value: Range<Int>)]? {
        guard let firstEquals = keyEnd(in: bytes, from: 0) else { return nil }
        var fields: [(key: Range<Int>, value: Range<Int>)] = []
        var keyStart = 0
        var equals = firstEquals
        var index = firstEquals + 1
        while index < bytes.count {
            if bytes[index] == .comma, let next = keyEnd(in: bytes, from: index + 1) {
                fields.append((keyStart..<equals, equals + 1..<index))
                keyStart = index + 1
                equals = next
                index = next
            }
            index += 1
        }
        fields.append((keyStart..<equals, equals + 1..<bytes.count))
        return fields
    }

    /// Where the `=` of a key starting at `start` is (`Component Name=`: an ASCII letter, then
    /// letters, spaces and underscores); nil when no key starts there.
    private static func keyEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, bytes[start].isASCIILetter else { return nil }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .equals { return index }
            guard byte.isASCIILetter || byte == .space || byte == UInt8(ascii: "_") else { return nil }
            index += 1
        }
        return nil
    }

    /// Whether two keys are the same but for case, spaces and underscores (`Component Name`,
    /// `component_name`); keys are ASCII letters, spaces and underscores (`keyEnd`).
    private static func isSameKey(_ written: Substring, _ wanted: StaticString) -> Bool {
        var written = written
        return written.withUTF8 { left in
            let right = UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount)
            var leftIndex = 0
            var rightIndex = 0
            while true {
                while leftIndex < left.count, !isKeyLetter(left[leftIndex]) { leftIndex += 1 }
                while rightIndex < right.count, !isKeyLetter(right[rightIndex]) { rightIndex += 1 }
                guard leftIndex < left.count, rightIndex < right.count else {
                    return leftIndex == left.count && rightIndex == right.count
                }
                guard left[leftIndex] | 0x20 == right[rightIndex] | 0x20 else { return false }
                leftIndex += 1
                rightIndex += 1
            }
        }
    }

    private static func isKeyLetter(_ byte: UInt8) -> Bool {
        byte != .space && byte != UInt8(ascii: "_")
    }
}
