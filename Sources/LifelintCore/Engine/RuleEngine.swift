/// Runs every rule over one trace's time-ordered events (platform events plus the phase
/// deriver's synthetic ones) in a single streaming pass. Memory is bounded by open state per
/// app (history of the last event of each name, open waits and spans), not by trace length.
public struct RuleEngine {
    private let tables: ClauseTables
    private var clauses: [CompiledClause] { tables.clauses }
    private let thresholds: Thresholds
    private var apps: [String: AppContext] = [:]
    private var sequence = 0
    private var endTime = Int64.min
    public private(set) var findings: [Finding] = []

    public init(rules: [Rule], thresholds: Thresholds = Thresholds()) {
        tables = ClauseTables(clauses: rules.flatMap { rule in rule.match.map { CompiledClause(rule: rule, clause: $0) } })
        self.thresholds = thresholds
    }

    public mutating func process(_ event: Event) {
        sequence += 1
        endTime = max(endTime, event.time.nanoseconds)
        var violations: [(Violation, CompiledClause)] = []
        // A static function on the context in place (one lookup, no copy): its collections
        // then stay uniquely referenced and change without being copied on every event.
        Self.observe(event, sequence: sequence, in: &apps[event.app, default: AppContext()], tables: tables, thresholds: thresholds, violations: &violations)
        for (violation, compiled) in violations { record(violation, compiled) }
    }

    private static func observe(
        _ event: Event, sequence: Int, in context: inout AppContext, tables: ClauseTables, thresholds: Thresholds,
        violations: inout [(Violation, CompiledClause)]
    ) {
        if event.name == PhaseEvent.coldStart {
            context.history = [:]
            context.monitors = [:]
        }
        if let phase = Self.phase(announcedBy: event) { context.phase = phase }
        // The monitors leave the context while they run, so the observation (which reads the
        // context's phase and history) does not share them.
        var monitors = context.monitors
        context.monitors = [:]
        let observation = Observation(event: event, context: context, thresholds: thresholds)
        for index in tables.relevantClauses(for: event, openMonitors: monitors.keys) {
            let compiled = tables.clauses[index]
            guard compiled.applies(to: event.platform) else { continue }
            var monitor = monitors.removeValue(forKey: index) ?? ClauseMonitor(compiled.clause.primitive)
            monitor.observe(observation, compiled.clause.primitive) { violations.append(($0, compiled)) }
            if !monitor.isIdle { monitors[index] = monitor }
        }
        // An empty dictionary keeps its storage; most apps have nothing open most of the time.
        context.monitors = monitors.isEmpty ? [:] : monitors
        context.history[event.name] = AppContext.Occurrence(event: event, sequence: sequence)
    }

    /// Settles what is still open when the trace ends: waits whose deadline passed, spans that
    /// outran their limit. Waits whose deadline lies beyond the trace are dropped: the trace
    /// cannot tell. `clockEnd` is the trace's last time of any record, event or not: a trace
    /// that went on for 20 s of ordinary lines after the app left has seen 20 s pass.
    public mutating func finish(clockEnd: Timestamp? = nil) {
        if let clockEnd, clockEnd.clock != .unknown { endTime = max(endTime, clockEnd.nanoseconds) }
        for app in apps.keys.sorted() {
            for (index, compiled) in clauses.enumerated() {
                guard var monitor = apps[app]?.monitors[index] else { continue }
                monitor.finish(at: endTime) { record($0, compiled) }
                apps[app]?.monitors[index] = monitor
            }
        }
        findings.sort { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
    }

    private mutating func record(_ violation: Violation, _ compiled: CompiledClause) {
        let rule = compiled.rule
        let template = compiled.clause.message ?? rule.message
        let event = violation.event
        findings.append(Finding(
            ruleID: rule.id,
            severity: compiled.clause.severity ?? rule.severity,
            message: MessageTemplate.render(template, event: event, values: violation.values, thresholds: thresholds),
            app: event.app,
            platform: event.platform,
            time: violation.time,
            location: event.source,
            related: Self.related(violation.related),
            fingerprint: Fingerprint.make([rule.id, event.app, event.name] + event.attributes.map { "\($0.key)=\($0.value)" }.sorted())))
    }

    /// Related locations in trace order, each place once.
    private static func related(_ events: [Event]) -> [Finding.RelatedLocation] {
        var seen = Set<SourceLocation>()
        return events.sorted { $0.source < $1.source }.compactMap { event in
            guard seen.insert(event.source).inserted else { return nil }
            return Finding.RelatedLocation(location: event.source, message: RelatedNote.describe(event))
        }
    }

    static func phase(announcedBy event: Event) -> AppPhase? {
        switch event.name {
        case PhaseEvent.active: .foregroundActive
        case PhaseEvent.inactive: .foregroundInactive
        case PhaseEvent.background: .background
        case PhaseEvent.terminated, PhaseEvent.coldStart: .notRunning
        default: nil
        }
    }
}
