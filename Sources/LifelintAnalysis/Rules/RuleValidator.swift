import LifelintModel

/// Checks the meaning of a decoded rule once, at load: every duration, count and comparison
/// operand must be a literal with a unit or a threshold's name, of the kind its key takes, and
/// every event pattern must name events lifelint knows (`EventVocabulary`) or a mapping makes.
/// A mistake here would otherwise load silently and never fire. Every mistake is reported,
/// with its key path and, where a near name exists, what was probably meant.
struct RuleValidator {
    struct Problem: Equatable {
        var keyPath: String
        var reason: String
    }

    private enum Kind: String {
        case duration, count, any
    }

    /// Threshold names and kinds are fixed (the configuration and `--set` change values only),
    /// so the defaults say what each name is.
    private let thresholds = Thresholds()
    /// Events the user's mappings make, and the ones the rule says the app's own
    /// instrumentation emits (`events`): the rule may name them.
    private let knownAppEvents: Set<String>
    private(set) var problems: [Problem] = []

    private init(knownAppEvents: Set<String>) {
        self.knownAppEvents = knownAppEvents
    }

    static func problems(in rule: Rule, mappedEvents: Set<String> = []) -> [Problem] {
        var validator = RuleValidator(knownAppEvents: mappedEvents.union(rule.events))
        validator.check(rule)
        return validator.problems
    }

    private mutating func check(_ rule: Rule) {
        for (index, pattern) in rule.requires.enumerated() { check(pattern, at: "requires[\(index)]") }
        for (index, clause) in rule.match.enumerated() {
            let path = "match[\(index)]"
            for (offset, pattern) in (clause.requires ?? []).enumerated() { check(pattern, at: "\(path).requires[\(offset)]") }
            check(clause.primitive, at: path)
        }
    }

    private mutating func check(_ primitive: RuleClause.Primitive, at path: String) {
        switch primitive {
        case let .expect(clause):
            let path = path + ".expect"
            check(clause.after, at: path + ".after")
            check(clause.when, at: path + ".when")
            check(clause.expect, at: path + ".expect")
            check(clause.failOn, at: path + ".failOn")
            check(clause.cancelOn, at: path + ".cancelOn")
            if let within = clause.within { check(within, as: .duration, at: path + ".within") }
        case let .forbid(clause):
            let path = path + ".forbid"
            check(clause.event, at: path + ".event")
            check(clause.when, at: path + ".when")
            if let inside = clause.inside {
                check(inside.callbacks, at: path + ".inside.callbacks")
                check(inside.after, as: .duration, at: path + ".inside.after")
            }
        case let .maxDuration(clause):
            let path = path + ".max-duration"
            check(clause.start, at: path + ".start")
            check(clause.end, at: path + ".end")
            check(clause.cutoff, at: path + ".cutoff")
            for (index, limit) in clause.limits.enumerated() {
                check(limit.when, at: path + ".limits[\(index)].when")
                check(limit.limit, as: .duration, at: limit.isShorthand ? path + ".limit" : path + ".limits[\(index)].limit")
            }
        case let .unpaired(clause):
            let path = path + ".unpaired"
            check(clause.start, at: path + ".start")
            check(clause.end, at: path + ".end")
            check(clause.cutoff, at: path + ".cutoff")
        case let .rate(clause):
            let path = path + ".rate"
            check(clause.event, at: path + ".event")
            check(clause.max, as: .count, at: path + ".max")
            if let window = clause.window { check(window, as: .duration, at: path + ".window") }
            if let episode = clause.per {
                check(episode.start, at: path + ".per.start")
                check(episode.end, at: path + ".per.end")
            }
        }
    }

    private mutating func check(_ guards: [Guard], at path: String) {
        for (index, condition) in guards.enumerated() {
            switch condition {
            case .phase: break
            case let .occurred(event, since):
                check(event, at: "\(path)[\(index)].occurred")
                if let since { check(since, at: "\(path)[\(index)].since") }
            case let .absent(event, since):
                check(event, at: "\(path)[\(index)].absent")
                check(since, at: "\(path)[\(index)].since")
            }
        }
    }

    private mutating func check(_ patterns: [EventPattern], at path: String) {
        for (index, pattern) in patterns.enumerated() { check(pattern, at: "\(path)[\(index)]") }
    }

    private mutating func check(_ pattern: EventPattern, at path: String) {
        if !EventVocabulary.knows(pattern.name, mapped: knownAppEvents) {
            let known = pattern.name.hasSuffix(".*") ? EventVocabulary.families.map { $0 + ".*" } : EventVocabulary.events.keys.map(\.rawValue) + Array(knownAppEvents)
            problems.append(
                Problem(
                    keyPath: path,
                    reason:
                        "unknown event '\(pattern.name)'\(DidYouMean.suggestion(for: pattern.name, among: known)); the Event vocabulary in docs/reference.md lists lifelint's events; name your app's own in the rule's 'events', or make them with a mapping"
                ))
        }
        for key in pattern.conditions.keys.sorted() {
            switch pattern.conditions[key] {
            case let .compare(comparisons)?:
                for comparison in comparisons { check(comparison.operand, as: .any, at: "\(path).where.\(key).\(comparison.op.rawValue)") }
            case let .malformed(reason)?:
                problems.append(Problem(keyPath: "\(path).where.\(key)", reason: reason))
            default:
                break
            }
        }
    }

    /// A literal with a unit or a threshold's name, of the kind the key takes.
    private mutating func check(_ text: String, as kind: Kind, at path: String) {
        guard let quantity = thresholds.resolve(text) else {
            let isName = text.first?.isLetter == true
            let reason =
                isName
                ? "unknown threshold '\(text)'\(DidYouMean.suggestion(for: text, among: Array(thresholds.values.keys))); 'lifelint rules' lists the thresholds"
                : "'\(text)' is not a \(kind == .count ? "number" : "quantity"): write a number with a unit (500ms, 5s, 2m, 1h, 500KB, 1MB) or a threshold's name"
            problems.append(Problem(keyPath: path, reason: reason))
            return
        }
        switch (kind, quantity) {
        case (.any, _), (.duration, .duration), (.count, .count): return
        default:
            problems.append(Problem(keyPath: path, reason: "'\(text)' is a \(Self.kind(of: quantity)); this key takes a \(kind == .duration ? "duration such as 5s" : "number")"))
        }
    }

    private static func kind(of quantity: Quantity) -> String {
        switch quantity {
        case .duration: "duration"
        case .size: "size"
        case .count: "number"
        }
    }
}
