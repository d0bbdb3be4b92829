/// Where an app stands in its lifecycle, derived from the platform's own events.
public enum AppPhase: String, Sendable, Hashable, CaseIterable, Decodable {
    case foregroundActive = "foreground-active"
    case foregroundInactive = "foreground-inactive"
    case background
    case notRunning = "not-running"

    /// The synthetic event that announces this phase.
    public var eventName: String {
        switch self {
        case .foregroundActive: PhaseEvent.active
        case .foregroundInactive: PhaseEvent.inactive
        case .background: PhaseEvent.background
        case .notRunning: PhaseEvent.terminated
        }
    }

    public var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let aliases = ["active": AppPhase.foregroundActive, "inactive": .foregroundInactive]
        guard let phase = AppPhase(rawValue: text) ?? aliases[text] else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "unknown phase '\(text)'; expected \(AppPhase.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        self = phase
    }
}

/// The names of the synthetic events the phase deriver adds to the stream.
public enum PhaseEvent {
    public static let active = "phase.active"
    public static let inactive = "phase.inactive"
    public static let background = "phase.background"
    public static let terminated = "phase.terminated"
    public static let coldStart = "phase.cold-start"
}
