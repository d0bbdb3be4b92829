import LifelintModel

/// What `--input-format` forces instead of detection: one of the names in
/// `TraceFormats.forcedNames` (a logcat or Apple log layout, `apple-report`, `exit-info`).
public struct InputFormat: Sendable, Hashable, CaseIterable, RawRepresentable {
    public let rawValue: String
    /// The format the name forces, bound to its layout.
    let format: any TraceFormat

    public static let allCases: [InputFormat] = TraceFormats.forcedNames.compactMap(InputFormat.init(rawValue:))

    public init?(rawValue: String) {
        guard let format = TraceFormats.forced(rawValue) else { return nil }
        self.rawValue = rawValue
        self.format = format
    }

    /// A logcat layout, forced.
    public static func logcat(_ layout: LogcatLayout) -> InputFormat { InputFormat(rawValue: layout.rawValue)! }
    /// An Apple log text layout, forced.
    public static func appleLog(_ layout: AppleLogTextLayout) -> InputFormat { InputFormat(rawValue: layout.rawValue)! }

    public static func == (left: InputFormat, right: InputFormat) -> Bool { left.rawValue == right.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
