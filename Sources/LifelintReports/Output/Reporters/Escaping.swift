import LifelintModel

/// The one loop behind every output format's escaping: each Unicode scalar either passes
/// through or is replaced by what the format needs.
enum Escaping {
    static func map(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `\u001B`: a character shown as its code.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// C0 and C1 control characters, and the characters that change how the text around them
    /// is shown without being seen themselves: bidirectional overrides, embeddings, isolates and
    /// marks (U+202E turns `exe.txt` into what reads `txt.exe`) and the line and paragraph
    /// separators (U+2028, U+2029), which break a line where none shows in the source.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
