import LifelintModel

/// ActivityManager's `Start proc 1234:com.app/u0a123 for activity {com.app/com.app.Main}`
/// (Android 5.1+) and `Start proc com.app for activity com.app/.Main: pid=1234 uid=10057
/// gids={…}` (older), read from the message's bytes: a trace can hold a million of these
/// lines. The parts are byte ranges of the message.
struct StartProcMessage {
    let pid: Int32
    /// `com.app` or `com.app:remote`.
    let process: Range<Int>
    /// The process name up to its `:` or `/`.
    let package: Range<Int>
    /// Why the process was started: `activity`, `top-activity`, `service`…
    let hosting: Range<Int>?
    /// What it was started for: `com.app/com.app.Main`.
    let component: Range<Int>?

    private static let opening: StaticString = "Start proc "

    static func opens(_ message: UnsafeBufferPointer<UInt8>) -> Bool {
        message.starts(with: UnsafeBufferPointer(start: opening.utf8Start, count: opening.utf8CodeUnitCount))
    }

    /// Nil when `message` is not a `Start proc` line that names a pid and a package: one cut
    /// short (`Start proc 10010:`) names no app, so it is an ordinary line, not the start of an
    /// app called "".
    init?(_ message: UnsafeBufferPointer<UInt8>) {
        guard Self.opens(message) else { return nil }
        let start = Self.opening.utf8CodeUnitCount
        let all = start..<message.count
        let headEnd = message[all].firstIndex { $0 == .space } ?? message.count
        if let colon = message[start..<headEnd].firstIndex(where: { $0 == UInt8(ascii: ":") }),
            let number = DecimalText.integer(message, start..<colon, as: Int32.self)
        {
            pid = number
            process = colon + 1..<(message[colon + 1..<headEnd].firstIndex { $0 == .slash } ?? headEnd)
        } else {
            guard let number = Self.numberAfterPidMarker(message, all) else { return nil }
            pid = number
            process = start..<headEnd
        }
        package = process.lowerBound..<(message[process].firstIndex { $0 == UInt8(ascii: ":") || $0 == .slash } ?? process.upperBound)
        guard !package.isEmpty else { return nil }
        (hosting, component) = Self.hostingAndComponent(message, all)
    }

    /// `… for top-activity {com.app/com.app.Main}`: the word after ` for `, and the component
    /// after it (braces or not).
    private static func hostingAndComponent(_ message: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Range<Int>?, Range<Int>?) {
        guard let marker = ByteSearch.firstIndex(of: " for ", in: message, from: range.lowerBound) else { return (nil, nil) }
        let after = marker + 5..<range.upperBound
        let hostingEnd = message[after].firstIndex { $0 == .space || $0 == UInt8(ascii: "{") } ?? range.upperBound
        let componentStart = message[hostingEnd..<range.upperBound].firstIndex { $0 != .space && $0 != UInt8(ascii: "{") } ?? range.upperBound
        let componentEnd = message[componentStart..<range.upperBound].firstIndex {
            $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ":") || $0 == .space
        } ?? range.upperBound
        return (hostingEnd > after.lowerBound ? after.lowerBound..<hostingEnd : nil, componentEnd > componentStart ? componentStart..<componentEnd : nil)
    }

    /// The older form's `pid=1234`: its digits, when they fit an `Int32`.
    private static func numberAfterPidMarker(_ message: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32? {
        guard let marker = ByteSearch.firstIndex(of: " pid=", in: message, from: range.lowerBound) else { return nil }
        let digits = marker + 5..<range.upperBound
        let end = message[digits].firstIndex { !$0.isASCIIDigit } ?? range.upperBound
        return DecimalText.integer(message, digits.lowerBound..<end)
    }
}
