import LifelintModel

/// Where an app stands in its lifecycle, derived from the platform's own events.
public enum AppPhase: String, Sendable, Hashable, CaseIterable, Decodable {
    case foregroundActive = "foreground-active"
    case foregroundInactive = "foreground-inactive"
    case background
    case notRunning = "not-running"

    /// The synthetic event that announces this phase.
    public var eventName: EventName {
        switch self {
        case .foregroundActive: EventName.phaseActive
        case .foregroundInactive: EventName.phaseInactive
        case .background: EventName.phaseBackground
        case .notRunning: EventName.phaseTerminated
        }
    }

    public var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let aliases = ["active": AppPhase.foregroundActive, "inactive": .foregroundInactive]
        guard let phase = AppPhase(rawValue: text) ?? aliases[text] else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown phase '\(text)'; expected \(AppPhase.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        self = phase
    }
}
