import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// The platform named by UTF-8 bytes (its raw value), without making a `String`: the first
    /// byte picks the one candidate, whose literal raw value is then compared in place
    /// (`allCases` would build an array on every record).
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let candidate: Platform
        switch bytes.first {
        case UInt8(ascii: "a"): candidate = .android
        case UInt8(ascii: "i"): candidate = .ios
        case UInt8(ascii: "r"): candidate = .reactNative
        case UInt8(ascii: "f"): candidate = .flutter
        case UInt8(ascii: "u"): candidate = .unknown
        default: return nil
        }
        let matches = candidate.rawValue.utf8.withContiguousStorageIfAvailable { name in
            name.count == bytes.count && memcmp(name.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        guard matches == true else { return nil }
        self = candidate
    }
}
