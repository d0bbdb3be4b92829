import LifelintModel

/// The app's own instrumentation line: `<event.name> key=value key="quoted value"`, as logged
/// under the `lifelint` tag (logcat), subsystem (Apple log) or category (Chrome trace).
public struct InstrumentationMessage: Sendable, Hashable {
    public var name: EventName
    public var attributes: Attributes

    /// Parses the message; nil when it does not start with a valid event name
    /// (`[a-z0-9_-]` words joined by dots, at least two of them).
    public static func parse(_ message: some StringProtocol) -> InstrumentationMessage? {
        var scanner = Substring(message).utf8[...]
        skipSpaces(&scanner)
        let name = takeWhile(&scanner) { $0 != .space && $0 != .tab }
        guard isValidEventName(name) else { return nil }
        var attributes = Attributes()
        add(keyValuePairsIn: scanner, to: &attributes)
        return InstrumentationMessage(name: EventName(String(decoding: name, as: UTF8.self)), attributes: attributes)
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

    /// Adds the `key=value` and `key="quoted value"` pairs of `text` to `attributes`; words
    /// that are not pairs become one `text` attribute.
    static func add(keyValuePairsIn text: Substring.UTF8View.SubSequence, to attributes: inout Attributes) {
        var scanner = text
        var leftover: [String] = []
        while true {
            skipSpaces(&scanner)
            guard !scanner.isEmpty else { break }
            let key = takeWhile(&scanner) { $0 != .equals && $0 != .space && $0 != .tab }
            if scanner.first == .equals, !key.isEmpty {
                scanner.removeFirst()
                attributes[String(decoding: key, as: UTF8.self)] = readValue(&scanner)
            } else if key.isEmpty {
                // A word that starts with '=' ("=oops"): kept as text, never read as a key.
                let word = takeWhile(&scanner) { $0 != .space && $0 != .tab }
                leftover.append(String(decoding: word, as: UTF8.self))
            } else {
                leftover.append(String(decoding: key, as: UTF8.self))
            }
        }
        if !leftover.isEmpty { attributes["text"] = leftover.joined(separator: " ") }
    }

    package static func isValidEventName(_ name: String) -> Bool {
        isValidEventName(Substring(name).utf8[...])
    }

    package static func isValidEventName(_ name: Substring.UTF8View.SubSequence) -> Bool {
        var name = Substring(name)
        return name.withUTF8(isValidEventName(bytes:))
    }

    /// `[A-Za-z][A-Za-z0-9_-]*` words joined by single dots, at least two words.
    static func isValidEventName(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first, first.isASCIILetter, let last = name.last, last != .dot else { return false }
        let classes = eventNameByteClasses.utf8Start
        var previousWasDot = false
        var sawDot = false
        for byte in name {
            switch classes[Int(byte)] {
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

    private static func readValue(_ scanner: inout Substring.UTF8View.SubSequence) -> String {
        guard scanner.first == .quote else {
            return String(decoding: takeWhile(&scanner) { $0 != .space && $0 != .tab }, as: UTF8.self)
        }
        scanner.removeFirst()
        var value: [UInt8] = []
        while let byte = scanner.popFirst() {
            if byte == .quote { break }
            if byte == .backslash, let escaped = scanner.popFirst() {
                value.append(escaped == UInt8(ascii: "n") ? .newline : escaped)
            } else {
                value.append(byte)
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    private static func skipSpaces(_ scanner: inout Substring.UTF8View.SubSequence) {
        while let byte = scanner.first, byte == .space || byte == .tab { scanner.removeFirst() }
    }

    private static func takeWhile(
        _ scanner: inout Substring.UTF8View.SubSequence, _ predicate: (UInt8) -> Bool
    ) -> Substring.UTF8View.SubSequence {
        let end = scanner.firstIndex { !predicate($0) } ?? scanner.endIndex
        let taken = scanner[..<end]
        scanner = scanner[end...]
        return taken
    }
}
