/// Android's names for processes and activities, as logs print them.
enum ProcessName {
    /// `com.app:remote` → `com.app`; `com.app/.Main` → `com.app`.
    static func package(_ process: some StringProtocol) -> String {
        String(process.prefix { $0 != ":" && $0 != "/" })
    }

    /// A component as the system prints it, `com.app/.ui.Main` or `com.app/com.app.ui.Main`
    /// (sometimes in braces), as its package and the activity's full class name (what the
    /// app's own callback lines print). Nil when the text is not a component.
    static func component(_ text: some StringProtocol) -> (package: String, className: String)? {
        var text = Substring(text)
        if text.first == "{" { text = text.dropFirst() }
        if text.last == "}" { text = text.dropLast() }
        guard let slash = text.firstIndex(of: "/") else { return nil }
        let package = text[..<slash]
        var className = text[text.index(after: slash)...]
        if let end = className.firstIndex(where: { $0 == " " || $0 == "}" }) { className = className[..<end] }
        guard isDottedName(package), !className.isEmpty else { return nil }
        let fullClass = className.first == "." ? String(package + className) : String(className)
        guard isDottedName(fullClass) else { return nil }
        return (String(package), fullClass)
    }

    /// `com.example.app`: letters, digits, `_` and `$`, joined by dots.
    static func isDottedName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: "."), !text.hasSuffix(".") else { return false }
        return text.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") }
    }
}
