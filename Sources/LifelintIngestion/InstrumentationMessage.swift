@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The app's own instrumentation line: `<event.name> key=value key="quoted value"`, as logged
/// under the `lifelint` tag (logcat), subsystem (Apple log) or category (Chrome trace).
public struct InstrumentationMessage: Sendable, Hashable {
    public var name: EventName
    public var attributes: Attributes

    /// Parses the message; nil when it does not start with a valid event name
    /// (`[a-z0-9_-]` words joined by dots, at least two of them).
    public static func parse(_ message: some StringProtocol) -> InstrumentationMessage? {
        parse(bytes: Substring(message).utf8.span)
    }

    /// The same, from the message's bytes (valid UTF-8), read by offset: a trace may hold a
    /// line like this for every step the app takes.
    static func parse(bytes: Span<UInt8>) -> InstrumentationMessage? {
        var cursor = ByteCursor(bytes)
        cursor.skipBlanks()
        guard let name = cursor.readToken(), isValidEventName(bytes: bytes.extracting(name)) else { return nil }
        var attributes = Attributes()
        add(keyValuePairsIn: bytes.extracting(cursor.remaining), to: &attributes)
        return InstrumentationMessage(name: EventName(bytes.text(name)), attributes: attributes)
    }

    /// Where no tag or subsystem can say `lifelint` (a Flutter app's `print`, Xcode's console),
    /// the message says it: `lifelint: persist.begin key=draft`, or `[lifelint] …`. Nil for
    /// any other message.
    public static func parse(prefixed message: some StringProtocol) -> InstrumentationMessage? {
        let text = Substring(message)
        for prefix in prefixes where text.hasPrefix(prefix) { return parse(text.dropFirst(prefix.count)) }
        return nil
    }

    static let prefixes = ["lifelint: ", "[lifelint] "]

    /// Adds the `key=value` and `key="quoted value"` pairs of `pairs` to `attributes`; words
    /// that are not pairs become one `text` attribute.
    static func add(keyValuePairsIn pairs: Span<UInt8>, to attributes: inout Attributes) {
        var cursor = ByteCursor(pairs)
        var leftover: [String] = []
        while true {
            cursor.skipBlanks()
            guard !cursor.isAtEnd else { break }
            let keyStart = cursor.index
            while let byte = cursor.peek(), byte != .equals, byte != .space, byte != .tab { cursor.index += 1 }
            let key = keyStart..<cursor.index
            if !key.isEmpty, cursor.skip(.equals) {
                attributes[pairs.text(key)] = readValue(&cursor)
            } else if key.isEmpty {
                // A word that starts with '=' ("=oops"): kept as text, never read as a key.
                leftover.append(pairs.text(cursor.readToken() ?? key))
            } else {
                leftover.append(pairs.text(key))
            }
        }
        if !leftover.isEmpty { attributes["text"] = leftover.joined(separator: " ") }
    }

    package static func isValidEventName(_ name: String) -> Bool {
        isValidEventName(Substring(name).utf8[...])
    }

    package static func isValidEventName(_ name: Substring.UTF8View.SubSequence) -> Bool {
        isValidEventName(bytes: Substring(name).utf8.span)
    }

    /// `[A-Za-z][A-Za-z0-9_-]*` words joined by single dots, at least two words.
    static func isValidEventName(bytes name: Span<UInt8>) -> Bool {
        guard let first = name.first, first.isASCIILetter, let last = name.last, last != .dot else { return false }
        let classes = eventNameByteClasses.utf8Start
        var previousWasDot = false
        var sawDot = false
        for index in name.indices {
            switch classes[Int(name[index])] {
            case UInt8(ascii: "w"):
                previousWasDot = false
            case UInt8(ascii: "."):
                if previousWasDot { return false }
                previousWasDot = true
                sawDot = true
            default:
                return false
            }
        }
        return sawDot
    }

    /// Each byte's role in an event name, by value: `w` a word character (letter, digit,
    /// `-`, `_`), `.` the separator, `x` anything else.
    private static let eventNameByteClasses: StaticString = """
        xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\
        xxxxxxxxxxxxxw.xwwwwwwwwwwxxxxxx\
        xwwwwwwwwwwwwwwwwwwwwwwwwwwxxxxw\
        xwwwwwwwwwwwwwwwwwwwwwwwwwwxxxxx\
        xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\
        xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\
        xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\
        xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
        """

    private static func readValue(_ cursor: inout ByteCursor) -> String {
        guard cursor.skip(.quote) else {
            return cursor.bytes.text(cursor.readToken() ?? cursor.index..<cursor.index)
        }
        var value: [UInt8] = []
        while let byte = cursor.peek() {
            cursor.index += 1
            if byte == .quote { break }
            if byte == .backslash, let escaped = cursor.peek() {
                cursor.index += 1
                value.append(escaped == UInt8(ascii: "n") ? .newline : escaped)
            } else {
                value.append(byte)
            }
        }
        return String(decoding: value, as: UTF8.self)
    }
}
