@_spi(Bytes) import LifelintBytes

/// A number with a unit, as rules and `--set` write them: `5s`, `500ms`, `1h`, `500KB`, `1MB`,
/// or a plain count. Durations compare with `*_ms` attributes in milliseconds, sizes with
/// `bytes` attributes in bytes.
public enum Quantity: Sendable, Hashable, CustomStringConvertible {
    case duration(nanoseconds: Int64)
    case size(bytes: Int64)
    case count(Double)

    /// Parsed on bytes (rules resolve literals such as `1` or `5s` on every event they see).
    public init?(parsing text: String) {
        var utf8 = Substring(text).utf8[...]
        while utf8.first == .space || utf8.first == .tab { utf8.removeFirst() }
        while utf8.last == .space || utf8.last == .tab { utf8.removeLast() }
        let numberEnd = utf8.firstIndex { !($0.isASCIIDigit || $0 == .dot) } ?? utf8.endIndex
        // Below 10^9 so that any unit's nanoseconds or bytes fit in 64 bits.
        guard numberEnd > utf8.startIndex, let value = Double(String(Substring(utf8[..<numberEnd]))), value >= 0, value < 1e9 else { return nil }
        let unit = utf8[numberEnd...]
        func unitIs(_ name: String) -> Bool {
            unit.count == name.utf8.count && zip(unit, name.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        if unit.isEmpty {
            self = .count(value)
        } else if unitIs("ns") {
            self = .duration(nanoseconds: Int64(value))
        } else if unitIs("us") || String(Substring(unit)) == "µs" {
            self = .duration(nanoseconds: Int64(value * 1e3))
        } else if unitIs("ms") {
            self = .duration(nanoseconds: Int64(value * 1e6))
        } else if unitIs("s") {
            self = .duration(nanoseconds: Int64(value * 1e9))
        } else if unitIs("m") || unitIs("min") {
            self = .duration(nanoseconds: Int64(value * 60e9))
        } else if unitIs("h") {
            self = .duration(nanoseconds: Int64(value * 3600e9))
        } else if unitIs("b") {
            self = .size(bytes: Int64(value))
        } else if unitIs("kb") {
            self = .size(bytes: Int64(value * 1000))
        } else if unitIs("mb") {
            self = .size(bytes: Int64(value * 1_000_000))
        } else if unitIs("kib") {
            self = .size(bytes: Int64(value * 1024))
        } else if unitIs("mib") {
            self = .size(bytes: Int64(value * 1_048_576))
        } else {
            return nil
        }
    }

    /// The value in the unit attributes use: milliseconds, bytes, or the count itself.
    public var attributeValue: Double {
        switch self {
        case let .duration(nanoseconds): Double(nanoseconds) / 1e6
        case let .size(bytes): Double(bytes)
        case let .count(value): value
        }
    }

    public var nanoseconds: Int64? {
        if case let .duration(nanoseconds) = self { return nanoseconds }
        return nil
    }

    public var description: String {
        switch self {
        case let .duration(nanoseconds):
            if nanoseconds % 3_600_000_000_000 == 0 { return "\(nanoseconds / 3_600_000_000_000)h" }
            if nanoseconds % 60_000_000_000 == 0 && nanoseconds >= 60_000_000_000 { return "\(nanoseconds / 60_000_000_000)m" }
            if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)s" }
            return "\(nanoseconds / 1_000_000)ms"
        case let .size(bytes):
            if bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000)MB" }
            if bytes % 1000 == 0 { return "\(bytes / 1000)KB" }
            return "\(bytes)B"
        case let .count(value):
            // A whole number as one (`3`, not `3.0`); one too large for an integer, or not
            // finite (a binary plist can hold any double), as written.
            return Int(exactly: value).map(String.init) ?? String(value)
        }
    }
}
