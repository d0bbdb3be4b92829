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
}
