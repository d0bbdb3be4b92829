import LifelintModel

/// The line layouts of `adb logcat -v <format>` and of Android Studio's copy/export formats.
/// Modifiers (`year`, `usec`, `zone`, `epoch`, `uid`, ...) are recognised inside every layout
/// and reported separately in `LogcatModifiers`.
public enum LogcatLayout: String, Sendable, CaseIterable {
    case threadtime
    case time
    case brief
    case process
    case tag
    case thread
    case long
    case raw
    /// Android Studio's older copy format: `12-24 18:57:02.298 16784-16784/com.app V/Tag: msg`.
    case studio
    /// Android Studio's newer Logcat window: `2024-01-24 10:00:00.123  1234-1250  Tag  com.app  I  msg`.
    case studioNew = "studio-new"

    /// The order in which detection prefers formats when two read the same lines equally
    /// well: the more specific layout wins.
    static let detectionOrder: [LogcatLayout] = [.studioNew, .studio, .threadtime, .time, .thread, .process, .brief, .tag]
}

/// The `logcat -v` modifiers detected in a file.
public struct LogcatModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let year = LogcatModifiers(rawValue: 1 << 0)
    public static let usec = LogcatModifiers(rawValue: 1 << 1)
    public static let nsec = LogcatModifiers(rawValue: 1 << 2)
    public static let zone = LogcatModifiers(rawValue: 1 << 3)
    public static let epoch = LogcatModifiers(rawValue: 1 << 4)
    public static let monotonic = LogcatModifiers(rawValue: 1 << 5)
    public static let uid = LogcatModifiers(rawValue: 1 << 6)
    public static let color = LogcatModifiers(rawValue: 1 << 7)

    static let names: [(LogcatModifiers, String)] = [
        (.year, "year"), (.usec, "usec"), (.nsec, "nsec"), (.zone, "zone"), (.epoch, "epoch"),
        (.monotonic, "monotonic"), (.uid, "uid"), (.color, "color"),
    ]

    var names: [String] { Self.names.filter { contains($0.0) }.map(\.1) }
}
