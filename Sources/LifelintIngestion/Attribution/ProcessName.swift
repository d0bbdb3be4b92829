@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Android's names for processes and activities, as logs print them.
enum ProcessName {
    /// `com.app:remote` → `com.app`; `com.app/.Main` → `com.app`.
    static func package(_ process: some StringProtocol) -> String {
        let utf8 = Substring(process).utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: ":") || $0 == .slash } ?? utf8.endIndex
        return String(Substring(utf8[..<end]))
    }

    /// The same for a whole string: the string itself (no copy) when it is a package already,
    /// as most process names are.
    static func package(_ process: String) -> String {
        let isPackage = process.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 == UInt8(ascii: ":") || $0 == .slash } }
        return isPackage ?? false ? process : package(process[...])
    }

    /// A component as the system prints it, `com.app/.ui.Main` or `com.app/com.app.ui.Main`
    /// (sometimes in braces), as its package and the activity's full class name (what the
    /// app's own callback lines print). Nil when the text is not a component. Read as bytes:
    /// it runs on every system activity line.
    static func component(_ text: some StringProtocol) -> (package: String, className: String)? {
        var utf8 = Substring(text).utf8[...]
        if utf8.first == UInt8(ascii: "{") { utf8 = utf8.dropFirst() }
        if let end = utf8.firstIndex(where: { $0 == .space || $0 == UInt8(ascii: "}") }) { utf8 = utf8[..<end] }
        guard let slash = utf8.firstIndex(of: .slash) else { return nil }
        let package = utf8[..<slash]
        let className = utf8[utf8.index(after: slash)...]
        guard isDottedName(package), let first = className.first else { return nil }
        let relative = first == .dot
        guard isDottedName(relative ? className.dropFirst() : className) else { return nil }
        let packageName = String(decoding: package, as: UTF8.self)
        let classText = String(decoding: className, as: UTF8.self)
        return (packageName, relative ? packageName + classText : classText)
    }

    /// `com.example.app`: letters, digits, `_` and `$`, joined by dots.
    static func isDottedName(_ utf8: Substring.UTF8View.SubSequence) -> Bool {
        guard let first = utf8.first, first != .dot, utf8.last != .dot else { return false }
        return utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == .dot || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") }
    }
}
