/// A number with a unit, as rules and `--set` write them: `5s`, `500ms`, `1h`, `500KB`, `1MB`,
/// or a plain count. Durations compare with `*_ms` attributes in milliseconds, sizes with
/// `bytes` attributes in bytes.
public enum Quantity: Sendable, Hashable, CustomStringConvertible {
    case duration(nanoseconds: Int64)
    case size(bytes: Int64)
    case count(Double)

    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits), value >= 0 else { return nil }
        let unit = trimmed.dropFirst(digits.count).lowercased()
        switch unit {
        case "": self = .count(value)
        case "ns": self = .duration(nanoseconds: Int64(value))
        case "us", "µs": self = .duration(nanoseconds: Int64(value * 1e3))
        case "ms": self = .duration(nanoseconds: Int64(value * 1e6))
        case "s": self = .duration(nanoseconds: Int64(value * 1e9))
        case "m", "min": self = .duration(nanoseconds: Int64(value * 60e9))
        case "h": self = .duration(nanoseconds: Int64(value * 3600e9))
        case "b": self = .size(bytes: Int64(value))
        case "kb": self = .size(bytes: Int64(value * 1000))
        case "mb": self = .size(bytes: Int64(value * 1_000_000))
        case "kib": self = .size(bytes: Int64(value * 1024))
        case "mib": self = .size(bytes: Int64(value * 1_048_576))
        default: return nil
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
            return value == value.rounded() ? String(Int(value)) : String(value)
        }
    }
}

import Foundation
