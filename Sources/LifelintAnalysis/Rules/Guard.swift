import LifelintModel

/// A condition on what the app has been through, checked when a clause's event arrives
/// (before that event is recorded). In rule files, one of:
/// - `{"phase": ["background"]}`: the app is in one of these phases;
/// - `{"occurred": X, "since": Y}`: X happened after the last Y (or at all, if Y never did);
/// - `{"absent": X, "since": Y}`: Y happened, and X has not happened since.
/// History is kept per app and per process incarnation: a cold start forgets it.
public enum Guard: Sendable, Hashable, Decodable, CustomStringConvertible {
    case phase([AppPhase])
    case occurred(EventPattern, since: EventPattern?)
    case absent(EventPattern, since: EventPattern)

    private enum CodingKeys: String, CodingKey {
        case phase, occurred, absent, since
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.phase) {
            self = .phase(try container.decode([AppPhase].self, forKey: .phase))
        } else if container.contains(.occurred) {
            self = .occurred(try container.decode(EventPattern.self, forKey: .occurred), since: try container.decodeIfPresent(EventPattern.self, forKey: .since))
        } else if container.contains(.absent) {
            self = .absent(try container.decode(EventPattern.self, forKey: .absent), since: try container.decode(EventPattern.self, forKey: .since))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a guard needs 'phase', 'occurred' or 'absent'"))
        }
    }

    public var description: String {
        switch self {
        case let .phase(phases): "the app is \(phases.map(\.rawValue).joined(separator: " or "))"
        case let .occurred(event, since?): "\(event) occurred since \(since)"
        case let .occurred(event, nil): "\(event) occurred"
        case let .absent(event, since): "no \(event) since \(since)"
        }
    }
}
