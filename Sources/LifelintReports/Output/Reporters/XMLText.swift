import LifelintModel

/// Escaping for the XML reports (JUnit, Checkstyle). Trace content is arbitrary: markup,
/// quotes, newlines and control characters all occur in real logs. Markup characters become
/// entities; in attributes, tabs and line breaks become character references (a parser would
/// otherwise turn them into spaces); characters XML 1.0 cannot carry at all (most C0 controls,
/// U+FFFE, U+FFFF) are shown as `\u001B`-style text.
enum XMLText {
    static func escapedText(_ text: String) -> String { escape(text, inAttribute: false) }

    static func escapedAttribute(_ text: String) -> String { escape(text, inAttribute: true) }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        Escaping.map(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": inAttribute ? "&quot;" : nil
            case "'": inAttribute ? "&apos;" : nil
            case "\n": inAttribute ? "&#10;" : nil
            case "\r": "&#13;"
            case "\t": inAttribute ? "&#9;" : nil
            default: scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? Escaping.code(scalar) : nil
            }
        }
    }
}
