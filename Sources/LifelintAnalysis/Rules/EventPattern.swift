import LifelintIngestion
import LifelintModel

/// Which events a rule clause is about: a name (`persist.begin`), or a family (`activity.*`),
/// optionally narrowed by attribute conditions. In rule files either a string or
/// `{"event": "...", "where": {"attr": condition}}`.
public struct EventPattern: Sendable, Hashable, Decodable, CustomStringConvertible {
    public let name: String
    /// The name as an `EventName`, for an exact name: made once.
    let eventName: EventName
    public var conditions: [String: AttributeCondition]
    /// The family prefix (`activity.`) for `activity.*`, nil for an exact name: made once,
    /// since every event the pattern is tried on needs it.
    let familyPrefix: String?

    public init(_ name: EventName, where conditions: [String: AttributeCondition] = [:]) {
        self.init(name.rawValue, where: conditions)
    }

    public init(_ name: String, where conditions: [String: AttributeCondition] = [:]) {
        self.name = name
        self.conditions = conditions
        familyPrefix = name.hasSuffix(".*") ? String(name.dropLast()) : nil
        eventName = EventName(name)
    }

    private enum CodingKeys: String, CodingKey {
        case event
        case `where`
    }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name)
        } else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(
                container.decode(String.self, forKey: .event),
                where: container.decodeIfPresent([String: AttributeCondition].self, forKey: .where) ?? [:])
        }
        guard Self.isValidName(name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(name)' is not an event name or family (e.g. 'persist.begin', 'activity.*')"))
        }
    }

    static func isValidName(_ name: String) -> Bool {
        let base = name.hasSuffix(".*") ? String(name.dropLast(2)) + ".x" : name
        return InstrumentationMessage.isValidEventName(base)
    }

    public var description: String {
        guard !conditions.isEmpty else { return name }
        let terms = conditions.keys.sorted().map { "\($0) \(conditions[$0]!)" }
        return "\(name)[\(terms.joined(separator: ", "))]"
    }
}
