/// The mobile platform an event was observed on.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case android
    case ios
    case reactNative = "react-native"
    /// A Flutter app's own `AppLifecycleState` lines, on Android or iOS.
    case flutter
    case unknown
}

extension Platform {
    /// What an app's platform is once `other` has been seen too: a framework's own lifecycle
    /// (Flutter, React Native) names the app more exactly than the native system lines around
    /// it, and anything is better than `unknown`. Metrics follow this so that they name an app
    /// as its findings and verdicts (taken from its framework events) do.
    public func refined(by other: Platform) -> Platform {
        switch (self, other) {
        case (.unknown, _): other
        case (.android, .flutter), (.android, .reactNative), (.ios, .flutter), (.ios, .reactNative): other
        default: self
        }
    }
}
