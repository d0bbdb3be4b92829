import LifelintModel

extension JSONValue {
    /// A time as crash reporters write one: an ISO 8601 string, or seconds since 1970 as a number
    /// or a numeric string.
    var timestamp: Timestamp? {
        switch kind {
        case .number: return number.flatMap(TimestampParser.seconds)
        case .string: return string.flatMap { TimestampParser.parse($0) ?? Double($0).flatMap(TimestampParser.seconds) }
        default: return nil
        }
    }
}
