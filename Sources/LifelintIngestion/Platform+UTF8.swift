#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LifelintModel

extension Platform {
    /// The platform named by UTF-8 bytes (its raw value), without making a `String`: the raw
    /// values are literals whose bytes are compared in place.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress,
            let platform = Self.allCases.first(where: { platform in
                platform.rawValue.utf8.withContiguousStorageIfAvailable { name in
                    name.count == bytes.count && memcmp(name.baseAddress!, base, bytes.count) == 0
                } ?? false
            })
        else { return nil }
        self = platform
    }
}
