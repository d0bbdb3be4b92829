@_spi(Bytes) import LifelintBytes
import LifelintModel

extension Platform {
    /// The platform named by UTF-8 bytes (its raw value), without making a `String`: the first
    /// byte picks the one candidate, whose literal raw value is then compared in place
    /// (`allCases` would build an array on every record).
    init?(utf8 bytes: Span<UInt8>) {
        let candidate: Platform
        let name: StaticString
        switch bytes.first {
        case UInt8(ascii: "a"): (candidate, name) = (.android, "android")
        case UInt8(ascii: "i"): (candidate, name) = (.ios, "ios")
        case UInt8(ascii: "r"): (candidate, name) = (.reactNative, "react-native")
        case UInt8(ascii: "f"): (candidate, name) = (.flutter, "flutter")
        case UInt8(ascii: "u"): (candidate, name) = (.unknown, "unknown")
        default: return nil
        }
        // A literal, not the case's raw value: comparing with a string's view went a byte at a
        // time through the string's machinery, on every record.
        guard bytes.equals(name) else { return nil }
        self = candidate
    }
}
