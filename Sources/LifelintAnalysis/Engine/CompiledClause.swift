import LifelintModel

/// A rule clause compiled once for one analysis: thresholds (after the configuration and
/// `--set`) resolved to numbers, patterns and guards interned, the primitive turned into the
/// clause its monitor runs. Nothing is parsed per event. A reference type, so the per-event
/// loop passes it without copying the rule's strings.
final class CompiledClause: Sendable {
    let rule: Rule
    let severity: Severity
    let message: MessageTemplate
    let primitive: any CompiledPrimitive
    /// Every pattern the clause reacts to: an event none of them covers changes nothing but an
    /// open wait's deadline.
    let patterns: [CompiledPattern]
    /// The patterns that can open state in a monitor with nothing open: an event none of them
    /// covers leaves a fresh monitor idle, so none is made for it.
    let openers: [CompiledPattern]
    /// The patterns whose last events its guards (and callback windows) read from the history.
    let historyPatterns: [CompiledPattern]
    /// The platforms the rule applies to, one bit per `Platform` case; every bit when the rule
    /// names none.
    private let platforms: UInt8

    init(rule: Rule, clause: RuleClause, thresholds: Thresholds, names: inout EventNameTable) {
        self.rule = rule
        severity = clause.severity ?? rule.severity
        message = MessageTemplate(clause.message ?? rule.message, thresholds: thresholds)
        primitive =
            switch clause.primitive {
            case let .expect(expect): ExpectMonitor.Clause(expect, thresholds: thresholds, names: &names)
            case let .forbid(forbid): ForbidMonitor.Clause(forbid, thresholds: thresholds, names: &names)
            case let .maxDuration(span): MaxDurationMonitor.Clause(span, thresholds: thresholds, names: &names)
            case let .unpaired(unpaired): UnpairedMonitor.Clause(unpaired, thresholds: thresholds, names: &names)
            case let .rate(rate): RateMonitor.Clause(rate, thresholds: thresholds, names: &names)
            }
        patterns = primitive.patterns
        openers = primitive.openers
        historyPatterns = primitive.historyPatterns
        platforms = rule.platforms.isEmpty ? .max : rule.platforms.reduce(0) { $0 | Self.bit($1) }
    }

    /// A fresh monitor, with nothing open.
    func makeMonitor() -> any ClauseMonitor { primitive.makeMonitor() }

    /// Whether an open monitor of the clause can react to the interned name.
    func reacts(to name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        patterns.covers(name, in: families)
    }

    /// Whether the clause reads the interned name's last event from the app's history.
    func remembers(_ name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        historyPatterns.covers(name, in: families)
    }

    /// Whether the interned name can open state in a monitor of the clause with nothing open.
    func opens(on name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        openers.covers(name, in: families)
    }

    /// Whether an opener without attribute conditions covers the interned name.
    func opensWithoutConditions(on name: Int, in families: EventNameTable.FamilyMembership) -> Bool {
        openers.contains { $0.conditions.isEmpty && $0.covers(name, in: families) }
    }

    /// Whether the rule applies to events of the platform `bit(_:)` gave.
    func applies(to platform: UInt8) -> Bool {
        platform == Self.unknownPlatform || platforms & platform != 0
    }

    private static let unknownPlatform = bit(.unknown)

    /// The platform's bit in a clause's platform mask.
    static func bit(_ platform: Platform) -> UInt8 {
        switch platform {
        case .android: 1
        case .ios: 2
        case .reactNative: 4
        case .flutter: 8
        case .unknown: 16
        }
    }
}
