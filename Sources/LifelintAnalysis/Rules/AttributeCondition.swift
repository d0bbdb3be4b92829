import LifelintIngestion
import LifelintModel

/// A test on one attribute's value. In rule files: `"value"` (equals), `["a", "b"]` (one of),
/// `true`/`false` (the strings), `{"exists": false}`, `{"not": "false"}` (absent or other), or comparisons
/// `{">": "savedStateWarnBytes", "<": "1MB"}` whose operands are numbers, literals with units,
/// or threshold names.
public enum AttributeCondition: Sendable, Hashable, Decodable, CustomStringConvertible {
    case oneOf([String])
    case noneOf([String])
    case exists(Bool)
    case compare([Comparison])
    /// A condition the rule file got wrong (`{"exists": "yes"}`): it never holds, and the
    /// catalogue refuses the rule at load with `reason` (`RuleValidator`), with its other mistakes.
    case malformed(reason: String)

    public struct Comparison: Sendable, Hashable {
        public enum Operator: String, Sendable, CaseIterable {
            case greater = ">"
            case greaterOrEqual = ">="
            case less = "<"
            case lessOrEqual = "<="
        }

        public var op: Operator
        /// A number, a literal with a unit, or a threshold name, as the rule file writes it.
        public var operand: String
        /// The operand's value in the attribute's unit, once the engine has compiled the rule
        /// with the run's thresholds (`resolved(with:)`); nil until then, or if it resolves to nothing.
        public var limit: Double?
    }

    /// The condition with its comparisons' operands resolved once, for the run's thresholds
    /// (after the configuration and `--set`): nothing is parsed per event.
    public func resolved(with thresholds: Thresholds) -> AttributeCondition {
        guard case let .compare(comparisons) = self else { return self }
        return .compare(
            comparisons.map { comparison in
                var comparison = comparison
                comparison.limit = thresholds.resolve(comparison.operand)?.attributeValue
                return comparison
            })
    }

    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            self = .oneOf([text])
        } else if let flag = try? single.decode(Bool.self) {
            self = .oneOf([String(flag)])
        } else if let number = try? single.decode(Double.self) {
            self = .oneOf([Quantity.count(number).description])
        } else if let list = try? single.decode([String].self) {
            self = .oneOf(list)
        } else {
            if let object = try? single.decode([String: [String]].self), let excluded = object["not"] {
                self = .noneOf(excluded)
                return
            }
            let object = try single.decode([String: FlexibleString].self)
            if let excluded = object["not"] {
                self = .noneOf([excluded.value])
                return
            }
            if let exists = object["exists"] {
                let isBoolean = exists.value == "true" || exists.value == "false"
                self = isBoolean ? .exists(exists.value == "true") : .malformed(reason: "'exists' takes true or false, not '\(exists.value)'")
                return
            }
            var comparisons: [Comparison] = []
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                guard let op = Comparison.Operator(rawValue: key) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription: "unknown condition '\(key)'; use a value, a list, {\"exists\": bool}, {\"not\": value} or >, >=, <, <="))
                }
                comparisons.append(Comparison(op: op, operand: value.value, limit: nil))
            }
            self = .compare(comparisons)
        }
    }

    /// Whether the attribute's value meets the condition; comparisons need `resolved(with:)` first.
    public func holds(for value: String?) -> Bool {
        guard let value else { return holdsWhenAbsent }
        return holds(forPresent: value)
    }

    /// Whether an event without the attribute meets the condition.
    public var holdsWhenAbsent: Bool {
        switch self {
        case .noneOf: true
        case let .exists(expected): !expected
        case .oneOf, .compare, .malformed: false
        }
    }

    /// Whether a present value meets the condition.
    public func holds(forPresent value: String) -> Bool {
        switch self {
        case let .oneOf(values):
            return values.contains(value)
        case let .noneOf(values):
            return !values.contains(value)
        case let .exists(expected):
            return expected
        case .malformed:
            return false
        case let .compare(comparisons):
            guard let number = Self.number(value) else { return false }
            return comparisons.allSatisfy { comparison in
                guard let limit = comparison.limit else { return false }
                switch comparison.op {
                case .greater: return number > limit
                case .greaterOrEqual: return number >= limit
                case .less: return number < limit
                case .lessOrEqual: return number <= limit
                }
            }
        }
    }

    /// An attribute's value as a number, `ms` allowed after it. A whole number, what durations
    /// and sizes almost always are, is read from its bytes; anything else as `Double` reads it,
    /// which costs several times as much and is asked on every event a comparison tests.
    static func number(_ value: String) -> Double? {
        if let whole = DecimalText.wholeNumber(value, unit: "ms") { return Double(whole) }
        return Double(value.trimmingSuffix("ms"))
    }

    public var description: String {
        switch self {
        case let .oneOf(values): values.count == 1 ? "= \(values[0])" : "in [\(values.joined(separator: ", "))]"
        case let .noneOf(values): "not in [\(values.joined(separator: ", "))]"
        case let .exists(flag): flag ? "present" : "absent"
        case let .malformed(reason): "invalid (\(reason))"
        case let .compare(comparisons): comparisons.map { "\($0.op.rawValue) \($0.operand)" }.joined(separator: " and ")
        }
    }
}

/// A JSON scalar read as text, so `{">": 1000}` and `{">": "1KB"}` both work.
struct FlexibleString: Decodable, Hashable {
    let value: String

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            value = text
        } else if let flag = try? single.decode(Bool.self) {
            value = String(flag)
        } else {
            value = Quantity.count(try single.decode(Double.self)).description
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : Substring(self)
    }
}
