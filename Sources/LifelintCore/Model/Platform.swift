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
        guard let platform = Self.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
        self = platform
    }
}
