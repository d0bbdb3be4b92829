import LifelintModel

/// One property-list value, built for a single record at a time (never the whole document).
enum PlistValue {
    case dictionary([(key: String, value: PlistValue)])
    case array([PlistValue])
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// Seconds since 2001-01-01T00:00:00Z, as plists store dates.
    case date(Double)
    case data(Int)

    subscript(key: String) -> PlistValue? {
        guard case let .dictionary(entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// Scalars as attribute text; containers and data have none.
    var scalarText: String? {
        switch self {
        case let .string(text): return text
        case let .integer(value): return String(value)
        case let .real(value): return Quantity.count(value).description
        case let .boolean(value): return String(value)
        case let .date(seconds): return PlistValue.timestamp(ofDate: seconds)?.iso8601
        case .data, .dictionary, .array: return nil
        }
    }

    var kindName: String {
        switch self {
        case .dictionary: "a dict"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        }
    }

    /// Seconds between 1970 and the plist epoch, 2001-01-01T00:00:00Z.
    static let referenceDateOffset: Double = 978_307_200

    /// Nil when out of range.
    static func timestamp(ofDate seconds: Double) -> Timestamp? {
        Timestamp.nanoseconds(seconds + referenceDateOffset, unit: 1e9, resolution: 1000).map {
            Timestamp(clock: .wall, nanoseconds: $0, utcOffsetSeconds: 0, fractionDigits: seconds == seconds.rounded() ? 0 : 3)
        }
    }
}
