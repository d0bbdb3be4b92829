@_spi(Bytes) import LifelintBytes

/// What a `Start proc` line says a process was started for: `top-activity
/// {com.app/com.app.Main}`, `service com.app/.Sync`, `broadcast {com.app/.Receiver}`, read from
/// the message's bytes (a trace can hold a million of these lines).
enum StartProcTarget {
    /// The word after ` for ` (`hosting`), and the component after it, braces or not: byte
    /// ranges of `message` within `target`.
    static func hostingAndComponent(_ message: Span<UInt8>, _ target: Range<Int>) -> (hosting: Range<Int>?, component: Range<Int>?) {
        let hostingEnd = message.firstIndex(in: target) { $0 == .space || $0 == UInt8(ascii: "{") } ?? target.upperBound
        let componentStart = message.firstIndex(in: hostingEnd..<target.upperBound) { $0 != .space && $0 != UInt8(ascii: "{") } ?? target.upperBound
        let componentEnd =
            message.firstIndex(in: componentStart..<target.upperBound) {
                $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ":") || $0 == .space
            } ?? target.upperBound
        return (hostingEnd > target.lowerBound ? target.lowerBound..<hostingEnd : nil, componentEnd > componentStart ? componentStart..<componentEnd : nil)
    }
}
