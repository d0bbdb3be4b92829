@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads the textual times of the JSON and plist containers:
/// ISO 8601 (`2024-01-08T09:15:42.305Z`, `...+01:00`, no zone for device-local time),
/// Apple's `log show` form (`2023-02-23 10:44:02.761747+0100`), MetricKit's
/// (`2020-05-13 23:59:00 +0000`), and lifelint's own monotonic durations (`PT12345.678S`).
package enum TimestampParser {
    package static func parse(_ text: String) -> Timestamp? {
        parse(bytes: text.utf8.span)
    }

    static func parse(bytes: Span<UInt8>) -> Timestamp? {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "T") { return parseDuration(bytes) }
        return parseCalendar(bytes)
    }

    private static func parseCalendar(_ bytes: Span<UInt8>) -> Timestamp? {
        var cursor = ByteCursor(bytes)
        guard let year = cursor.readDigits(4), cursor.skip(.dash), let month = cursor.readDigits(2), cursor.skip(.dash),
            let day = cursor.readDigits(2), CivilDateTime.supportedYears.contains(year)
        else { return nil }
        guard cursor.skip(UInt8(ascii: "T")) || cursor.skip(.space) else { return nil }
        guard let hour = cursor.readDigits(2), cursor.skip(.colon), let minute = cursor.readDigits(2), cursor.skip(.colon),
            let second = cursor.readDigits(2)
        else { return nil }
        var nanosecond = 0
        var digits: UInt8 = 0
        if cursor.skip(.dot) {
            guard let (fraction, count) = cursor.readUnsigned() else { return nil }
            let kept = min(count, 9)
            var value = Int(fraction)
            for _ in kept..<count { value /= 10 }
            for _ in kept..<9 { value *= 10 }
            nanosecond = value
            digits = UInt8(kept)
        }
        cursor.skipBlanks()
        var offset: Int32?
        if cursor.skip(UInt8(ascii: "Z")) {
            offset = 0
        } else if let sign = cursor.peek(), sign == .plus || sign == .dash {
            cursor.index += 1
            guard let hours = cursor.readDigits(2) else { return nil }
            _ = cursor.skip(.colon)
            let minutes = cursor.readDigits(2) ?? 0
            // Offsets in use run from -12:00 to +14:00.
            guard hours <= 14, minutes < 60 else { return nil }
            offset = Int32((hours * 60 + minutes) * 60) * (sign == .dash ? -1 : 1)
        }
        guard cursor.isAtEnd, CivilDateTime.isValid(month: month, day: day, year: year), hour < 24, minute < 60, second < 61 else { return nil }
        let date = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        return .wall(date, utcOffsetSeconds: offset, fractionDigits: digits)
    }

    private static func parseDuration(_ bytes: Span<UInt8>) -> Timestamp? {
        var cursor = ByteCursor(bytes, at: 2)
        guard let (seconds, _) = cursor.readUnsigned() else { return nil }
        var nanoseconds = seconds * 1_000_000_000
        var digits: UInt8 = 0
        if cursor.skip(.dot) {
            guard let (fraction, count) = cursor.readUnsigned(), count <= 9 else { return nil }
            var value = fraction
            for _ in count..<9 { value *= 10 }
            nanoseconds += value
            digits = UInt8(count)
        }
        guard cursor.skip(UInt8(ascii: "S")), cursor.isAtEnd else { return nil }
        return Timestamp(clock: .monotonic, nanoseconds: nanoseconds, fractionDigits: digits)
    }

    /// Seconds since 1970 (lifelint JSON's numeric `time`), at microsecond precision; nil when
    /// out of range.
    static func seconds(_ value: Double) -> Timestamp? {
        Timestamp.nanoseconds(value, unit: 1e9, resolution: 1000).map { Timestamp(clock: .wall, nanoseconds: $0, utcOffsetSeconds: 0, fractionDigits: 6) }
    }
}
