/// The mobile platform an event was observed on.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case android
    case ios
    case reactNative = "react-native"
    /// A Flutter app's own `AppLifecycleState` lines, on Android or iOS.
    case flutter
    case unknown
}
