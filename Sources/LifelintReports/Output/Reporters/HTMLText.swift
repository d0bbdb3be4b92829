import LifelintModel

/// Escaping for the HTML report: every string from a trace goes through here (a trace can
/// contain `<script>`). Control characters become `\u0001`-style text.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        Escaping.map(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: Escaping.isControl(scalar) ? Escaping.code(scalar) : nil
            }
        }
    }

    /// For a tooltip (`<title>`): line breaks kept as real ones (`&#10;`), the rest as `escaped`.
    static func escapedKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "&#10;")
    }
}
