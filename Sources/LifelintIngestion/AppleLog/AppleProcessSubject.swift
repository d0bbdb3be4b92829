@_spi(Bytes) import LifelintBytes
import LifelintModel

/// How iOS's daemons name a process in their lines: `application<com.x.y>:4410`,
/// `app<com.x.y(…)>:4410`, launchd's `(UIKitApplication:com.x.y[0xc343][4821])`; macOS's
/// `app<application.com.x.y.72555345.72555351(501)>:1043`. Read on UTF-8 indices: it runs on
/// every line that mentions an app.
struct AppleProcessSubject {
    /// The bundle id (for macOS, the one inside its `application.` name).
    var bundleID: String
    var pid: Int32?
    /// A macOS app: its lines name its pid, but lifelint reads no mobile lifecycle from them.
    var isMacApp: Bool
    /// What follows the name in the text.
    var rest: Substring

    /// `application<…>` or `app<…>` at the start of `text`.
    static func at(_ text: Substring) -> AppleProcessSubject? {
        (text.droppingBytePrefix("application<") ?? text.droppingBytePrefix("app<")).flatMap(after)
    }

    /// After `application<`: the bundle id up to `>` or `(`, then `:pid` if present.
    static func after(_ text: Substring) -> AppleProcessSubject? {
        let utf8 = text.utf8
        guard let close = utf8.firstIndex(of: .greaterThan) else { return nil }
        let nameEnd = utf8[..<close].firstIndex { $0 == .openParen || $0 == .space } ?? close
        let name = text[text.startIndex..<nameEnd]
        guard isBundleID(name) else { return nil }
        let isMacApp = name.hasBytePrefix("application.")
        var subject = AppleProcessSubject(bundleID: isMacApp ? macBundleID(name) : String(name), pid: nil, isMacApp: isMacApp, rest: text[utf8.index(after: close)...])
        guard subject.rest.utf8.first == .colon else { return subject }
        let digitsStart = utf8.index(after: subject.rest.startIndex)
        let digitsEnd = utf8[digitsStart...].firstIndex { !$0.isASCIIDigit } ?? text.endIndex
        guard let pid = Int32(text[digitsStart..<digitsEnd]) else { return subject }
        subject.pid = pid
        subject.rest = text[digitsEnd...]
        return subject
    }

    /// Every app `message` ties to a pid, nested names included
    /// (`xpcservice<…([application<com.x.y>:716])>` names pid 716).
    static func namedPids(in message: Substring) -> [(bundleID: String, pid: Int32)] {
        var found: [(String, Int32)] = []
        if let job = launchdJob(message) { found.append(job) }
        var rest = message
        while let range = rest.byteRange(of: "application<") ?? rest.byteRange(of: "app<") {
            rest = rest[range.upperBound...]
            guard let subject = after(rest) else { continue }
            if let pid = subject.pid { found.append((subject.bundleID, pid)) }
            rest = subject.rest
        }
        return found
    }

    /// `(UIKitApplication:jp.co.x.BT[0xc343][4821])`: launchd's job for the app (iOS 4–6), with its pid.
    static func launchdJob(_ message: Substring) -> (String, Int32)? {
        guard let range = message.byteRange(of: "(UIKitApplication:") else { return nil }
        let rest = message[range.upperBound...]
        let bundle = rest.prefix { $0 != "[" && $0 != ")" }
        guard isBundleID(bundle), let close = rest.byteRange(of: "][") else { return nil }
        guard let pid = Int32(rest[close.upperBound...].prefix { $0.isASCII && $0.isNumber }) else { return nil }
        return (String(bundle), pid)
    }

    /// Letters, digits, `-` and `_` in words joined by dots (`com.my-company.app`).
    static func isBundleID(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first != .dot, text.utf8.last != .dot, text.contains(bytes: ".") else { return false }
        return text.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == .dot || $0 == .dash || $0 == UInt8(ascii: "_") }
    }

    /// `application.com.x.y.72555345.72555351` → `com.x.y`.
    private static func macBundleID(_ name: Substring) -> String {
        var parts = name.dropFirst("application.".count).split(separator: ".")
        while parts.count > 2, let last = parts.last, last.allSatisfy(\.isNumber) { parts.removeLast() }
        return parts.joined(separator: ".")
    }
}
