import LifelintModel

/// Trace text made safe for a terminal or a CI log: control characters (an ESC from a log line
/// could otherwise recolour or rewrite the user's terminal) are shown as `\u001B`-style text.
package enum TerminalText {
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Escaping.isControl) else { return text }
        return Escaping.map(text) { Escaping.isControl($0) ? Escaping.code($0) : nil }
    }
}
