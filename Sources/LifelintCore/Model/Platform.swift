/// The mobile platform an event was observed on.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case android
    case ios
    case reactNative = "react-native"
    case unknown
}
