@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Writes the `studio-new` logcat line an Android Studio export's message stands for
/// (`2024-01-08 09:14:25.969 +0000  1234-1250  Tag  com.app  I  message`), in bytes, for a
/// logcat reader: no string per line, and the date formatted once per second.
struct StudioLogcatLineWriter {
    private(set) var line: [UInt8] = []
    private var prefixLength = 0
    private var second = Int64.min
    private var date: [UInt8] = []

    /// Starts a line with its header: the UTC time, pid-tid, the tag and the process (each one
    /// column: blanks become `_`, nothing becomes `fallback`), the level letter.
    mutating func start(nanoseconds: Int64, fractionDigits: Int, pid: Int64, tid: Int64, tag: Span<UInt8>, process: [UInt8], level: UInt8) {
        line.removeAll(keepingCapacity: true)
        appendTime(nanoseconds, fractionDigits: fractionDigits)
        line.append(contentsOf: " +0000  ".utf8)
        appendDecimal(pid)
        line.append(.dash)
        appendDecimal(tid)
        line.append(contentsOf: [.space, .space])
        appendColumn(tag, fallback: UInt8(ascii: "?"))
        line.append(contentsOf: [.space, .space])
        line.append(contentsOf: process)
        line.append(contentsOf: [.space, .space, level, .space, .space])
        prefixLength = line.count
    }

    /// The line with `message` (one line of it, without its carriage return) after the header.
    mutating func setMessage(_ message: Span<UInt8>) {
        line.removeSubrange(prefixLength...)
        line.append(message.droppingCarriageReturn())
    }

    /// A process name as a column: blanks as `_`, `pid-N` when there is none.
    static func processColumn(_ name: String?, pid: Int32) -> [UInt8] {
        guard let name, !name.isEmpty else { return Array("pid-\(pid)".utf8) }
        return name.utf8.map { $0 == .space || $0 == .tab ? UInt8(ascii: "_") : $0 }
    }

    private mutating func appendColumn(_ text: Span<UInt8>, fallback: UInt8) {
        guard !text.isEmpty else { return line.append(fallback) }
        for index in text.indices {
            let byte = text[index]
            line.append(byte == .space || byte == .tab ? UInt8(ascii: "_") : byte)
        }
    }

    /// `YYYY-MM-DD HH:MM:SS.fff` (or nine digits).
    private mutating func appendTime(_ nanoseconds: Int64, fractionDigits: Int) {
        let (seconds, fraction) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let (whole, part) = fraction < 0 ? (seconds - 1, fraction + 1_000_000_000) : (seconds, fraction)
        if whole != second {
            second = whole
            let civil = CivilDateTime(nanosecondsSinceEpoch: whole * 1_000_000_000)
            date.removeAll(keepingCapacity: true)
            for (value, width, separator) in [
                (civil.year, 4, UInt8.dash), (civil.month, 2, .dash), (civil.day, 2, .space), (civil.hour, 2, .colon), (civil.minute, 2, .colon),
                (civil.second, 2, .dot),
            ] {
                Self.appendDigits(value, width, to: &date)
                date.append(separator)
            }
        }
        line.append(contentsOf: date)
        if fractionDigits == 3 {
            Self.appendDigits(Int(part / 1_000_000), 3, to: &line)
        } else {
            Self.appendDigits(Int(part), 9, to: &line)
        }
    }

    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 { line.append(.dash) }
        var digits = 1
        var scale: Int64 = 1
        while value.magnitude / UInt64(scale) >= 10 {
            scale *= 10
            digits += 1
        }
        Self.appendDigits(Int(value.magnitude), digits, to: &line)
    }

    private static func appendDigits(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
