import LifelintModel

extension Platform {
    /// The platform an operating system's name says, as reporters write it (`Android`,
    /// `ANDROID`, `iOS`, `iPadOS`, `cocoa`); nil for any other.
    init?(osName: String?) {
        switch osName?.lowercased() {
        case "android"?: self = .android
        case "ios"?, "ipados"?, "tvos"?, "watchos"?, "visionos"?, "cocoa"?: self = .ios
        default: return nil
        }
    }
}
