@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Numbers in text that events carry (attribute values), read from their UTF-8 bytes.
package enum DecimalText {
    /// Up to 15 decimal digits, then `unit` or nothing; nil for anything else (signs, fractions,
    /// exponents, other units), which callers read the general way. Fifteen digits are exact in
    /// a `Double`, so `Double` of the result equals `Double` of the digits' text.
    package static func wholeNumber(_ text: String, unit: StaticString) -> Int64? {
        var text = text
        return text.withUTF8 { bytes in
            var count = bytes.count
            let unitCount = unit.utf8CodeUnitCount
            if unitCount > 0, count >= unitCount, memcmp(bytes.baseAddress! + count - unitCount, unit.utf8Start, unitCount) == 0 { count -= unitCount }
            guard count > 0, count <= 15 else { return nil }
            var value: Int64 = 0
            for index in 0..<count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
            }
            return value
        }
    }

    /// The bytes in `range` read as `T(_: String)` reads text: an optional sign, then decimal
    /// digits whose value fits; nil for anything else.
    static func integer<T: FixedWidthInteger & SignedInteger>(_ bytes: Span<UInt8>, _ range: Range<Int>, as type: T.Type = T.self) -> T? {
        var index = range.lowerBound
        let negative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
        if negative || (index < range.upperBound && bytes[index] == UInt8(ascii: "+")) { index += 1 }
        guard index < range.upperBound else { return nil }
        var value: T = 0
        while index < range.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, carried) = negative ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            guard !overflowed, !carried else { return nil }
            value = next
            index += 1
        }
        return value
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
