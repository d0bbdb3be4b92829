import LifelintModel

/// The named thresholds rules refer to, with their defaults; `--set name=value` and the
/// configuration file override them.
public struct Thresholds: Sendable, Hashable {
    public static let defaults: [String: Quantity] = [
        "graceWindow": .duration(nanoseconds: 5_000_000_000),
        "backgroundTaskWindow": .duration(nanoseconds: 30_000_000_000),
        "resyncDeadline": .duration(nanoseconds: 2_000_000_000),
        "probeDeadline": .duration(nanoseconds: 5_000_000_000),
        "restoreWindow": .duration(nanoseconds: 5_000_000_000),
        "callbackBudget": .duration(nanoseconds: 100_000_000),
        // The system's own pause timeout: past it, it stops waiting and moves on.
        "requestGapBudget": .duration(nanoseconds: 500_000_000),
        // Binder throws TransactionTooLargeException above this; smaller failures are a dead
        // or frozen peer, not size (android_util_Binder.cpp).
        "binderFailureBytes": .size(bytes: 204_800),
        "savedStateWarnBytes": .size(bytes: 500_000),
        "savedStateErrorBytes": .size(bytes: 1_000_000),
        "silentPushPerHour": .count(3),
    ]

    public private(set) var values: [String: Quantity]

    public init(_ overrides: [String: Quantity] = [:]) {
        values = Self.defaults.merging(overrides) { _, new in new }
    }

    public subscript(name: String) -> Quantity? { values[name] }

    /// Applies `name=value`; the name must be a known threshold and the value of its kind.
    public mutating func set(_ assignment: String) throws(RuleError) {
        guard let equals = assignment.firstIndex(of: "=") else { throw .invalidThreshold(assignment, reason: "expected name=value") }
        let name = String(assignment[..<equals])
        let text = String(assignment[assignment.index(after: equals)...])
        guard let current = values[name] else {
            throw .invalidThreshold(assignment, reason: "unknown threshold '\(Echo.shortened(name))'; known: \(values.keys.sorted().joined(separator: ", "))")
        }
        guard var value = Quantity(parsing: text) else { throw .invalidThreshold(assignment, reason: "'\(Echo.shortened(text))' is not a number with a unit") }
        switch (current, value) {
        case (.duration, .duration), (.size, .size), (.count, .count): break
        case let (.size, .count(bytes)): value = .size(bytes: Int64(bytes))
        default: throw .invalidThreshold(assignment, reason: "'\(Echo.shortened(name))' takes a \(Self.kind(of: current)) such as \(current)")
        }
        values[name] = value
    }

    /// A literal (`5s`, `1MB`, `3`) or a threshold's name.
    public func resolve(_ text: String) -> Quantity? {
        values[text] ?? Quantity(parsing: text)
    }

    private static func kind(of quantity: Quantity) -> String {
        switch quantity {
        case .duration: "duration"
        case .size: "size"
        case .count: "number"
        }
    }
}
