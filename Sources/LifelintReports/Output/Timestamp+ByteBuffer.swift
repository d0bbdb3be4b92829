@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A timestamp written as bytes, for the writers.
extension Timestamp {
    /// Appends the same text as `iso8601` as bytes, without building strings (the writers'
    /// hot path).
    func appendISO8601(to bytes: inout ByteBuffer) {
        switch clock {
        case .unknown:
            return
        case .monotonic:
            bytes.append("PT")
            bytes.appendDecimal(nanoseconds / 1_000_000_000)
            appendFraction(Int(nanoseconds % 1_000_000_000), to: &bytes)
            bytes.append(UInt8(ascii: "S"))
        case .wall:
            let local = localDateTime
            guard Self.iso8601Years.contains(local.year) else {
                bytes.append(utf8Of: iso8601 ?? "")
                return
            }
            Self.appendMinutePrefix(of: local, to: &bytes)
            appendSecondAndZone(second: local.second, nanosecond: local.nanosecond, to: &bytes)
        }
    }

    /// Years written with four digits; others go through `iso8601`.
    static let iso8601Years = 0...9999

    /// `2024-01-08T08:45:`: the part of a wall-clock time's text that stays the same for a
    /// minute (see `TimestampTextCache`).
    static func appendMinutePrefix(of local: CivilDateTime, to bytes: inout ByteBuffer) {
        bytes.appendDigits(local.year, count: 4)
        bytes.append(.dash)
        bytes.appendDigits(local.month, count: 2)
        bytes.append(.dash)
        bytes.appendDigits(local.day, count: 2)
        bytes.append(UInt8(ascii: "T"))
        bytes.appendDigits(local.hour, count: 2)
        bytes.append(.colon)
        bytes.appendDigits(local.minute, count: 2)
        bytes.append(.colon)
    }

    /// `42.977+01:00`: the rest of a wall-clock time's text.
    func appendSecondAndZone(second: Int, nanosecond: Int, to bytes: inout ByteBuffer) {
        bytes.appendDigits(second, count: 2)
        appendFraction(nanosecond, to: &bytes)
        if utcOffsetSeconds == 0 {
            bytes.append(UInt8(ascii: "Z"))
        } else if let offset = utcOffsetSeconds {
            bytes.append(utf8Of: Self.offsetText(offset))
        }
    }

    private func appendFraction(_ nanoseconds: Int, to bytes: inout ByteBuffer) {
        guard fractionDigits > 0 else { return }
        bytes.append(.dot)
        var value = nanoseconds
        for _ in 0..<(9 - Int(min(fractionDigits, 9))) { value /= 10 }
        bytes.appendDigits(value, count: Int(fractionDigits))
    }
}
