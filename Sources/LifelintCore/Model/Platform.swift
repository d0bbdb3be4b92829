#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mobile platform an event was observed on.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case android
    case ios
    case reactNative = "react-native"
    case unknown
}

extension Platform {
    /// The platform named by UTF-8 bytes (its raw value), without making a `String`.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress,
            let (_, platform) = Self.utf8Names.first(where: { name, _ in
                name.utf8CodeUnitCount == bytes.count && memcmp(name.utf8Start, base, bytes.count) == 0
            })
        else { return nil }
        self = platform
    }

    private static let utf8Names: [(StaticString, Platform)] = [
        ("android", .android), ("ios", .ios), ("react-native", .reactNative), ("unknown", .unknown),
    ]
}
