/// Escaping for the XML reports (JUnit, Checkstyle). Trace content is arbitrary: markup,
/// quotes, newlines and control characters all occur in real logs. Markup characters become
/// entities; in attributes, tabs and line breaks become character references (a parser would
/// otherwise turn them into spaces); characters XML 1.0 cannot carry at all (most C0 controls,
/// U+FFFE, U+FFFF) are shown as `\u001B`-style text.
enum XMLText {
    static func escapedText(_ text: String) -> String { escape(text, inAttribute: false) }

    static func escapedAttribute(_ text: String) -> String { escape(text, inAttribute: true) }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += inAttribute ? "&quot;" : "\""
            case "'": result += inAttribute ? "&apos;" : "'"
            case "\n": result += inAttribute ? "&#10;" : "\n"
            case "\r": result += inAttribute ? "&#13;" : "&#13;"
            case "\t": result += inAttribute ? "&#9;" : "\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
