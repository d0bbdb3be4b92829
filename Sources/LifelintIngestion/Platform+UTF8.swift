@_spi(Bytes) import LifelintBytes
import LifelintModel

extension Platform {
    /// The platform named by UTF-8 bytes (its raw value), without making a `String`: the first
    /// byte picks the one candidate, whose literal raw value is then compared in place
    /// (`allCases` would build an array on every record).
    init?(utf8 bytes: Span<UInt8>) {
        let candidate: Platform
        switch bytes.first {
        case UInt8(ascii: "a"): candidate = .android
        case UInt8(ascii: "i"): candidate = .ios
        case UInt8(ascii: "r"): candidate = .reactNative
        case UInt8(ascii: "f"): candidate = .flutter
        case UInt8(ascii: "u"): candidate = .unknown
        default: return nil
        }
        guard bytes.equals(candidate.rawValue.utf8) else { return nil }
        self = candidate
    }
}
