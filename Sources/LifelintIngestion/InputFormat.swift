import LifelintModel

/// What `--input-format` can force instead of detecting it: a logcat layout, an Apple log
/// layout, an Apple report, or exit-info records.
public enum InputFormat: Sendable, Hashable, CaseIterable, RawRepresentable {
    case logcat(LogcatFormat)
    case appleLog(AppleLogTextLayout)
    case appleReport
    case exitInfo

    public static let allCases: [InputFormat] =
        LogcatFormat.allCases.map(InputFormat.logcat) + AppleLogTextLayout.allCases.map(InputFormat.appleLog) + [.appleReport, .exitInfo]

    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    public var rawValue: String {
        switch self {
        case let .logcat(layout): layout.rawValue
        case let .appleLog(layout): layout.rawValue
        case .appleReport: "apple-report"
        case .exitInfo: "exit-info"
        }
    }
}
