/// Runs every rule over one trace's time-ordered events (platform events plus the phase
/// deriver's synthetic ones) in a single streaming pass. Memory is bounded by open state per
/// app (history of the last event of each name, open waits and spans), not by trace length.
public struct RuleEngine {
    private let tables: ClauseTables
    private var clauses: [CompiledClause] { tables.clauses }
    private let rules: [Rule]
    private let thresholds: Thresholds
    private var requirements: EvidenceRequirements
    private var apps: [String: AppContext] = [:]
    private var sequence = 0
    private var endTime = Int64.min
    /// Findings with the clause that made them: kept only if the app reported the clause's
    /// evidence somewhere in the trace, which may come after the finding.
    private var candidates: [(finding: Finding, clause: Int)] = []
    public private(set) var findings: [Finding] = []
    public private(set) var coverage: [RuleCoverage] = []

    public init(rules: [Rule], thresholds: Thresholds = Thresholds()) {
        tables = ClauseTables(clauses: rules.flatMap { rule in rule.match.map { CompiledClause(rule: rule, clause: $0, thresholds: thresholds) } })
        requirements = EvidenceRequirements(tables.clauses)
        self.rules = rules
        self.thresholds = thresholds
    }

    public mutating func process(_ event: Event) {
        sequence += 1
        endTime = max(endTime, event.time.nanoseconds)
        let evidence = requirements.mask(of: event)
        var violations: [(Violation, Int)] = []
        // A static function on the context in place (one lookup, no copy): its collections
        // then stay uniquely referenced and change without being copied on every event.
        Self.observe(
            event, sequence: sequence, evidence: evidence, in: &apps[event.app, default: AppContext()], tables: tables, violations: &violations)
        for (violation, clause) in violations { record(violation, clause) }
    }

    private static func observe(
        _ event: Event, sequence: Int, evidence: UInt64, in context: inout AppContext, tables: ClauseTables, violations: inout [(Violation, Int)]
    ) {
        context.evidence |= evidence
        if event.name == EventName.phaseColdStart {
            context.history = [:]
            context.monitors = [:]
        }
        if let phase = Self.phase(announcedBy: event) { context.phase = phase }
        // The monitors leave the context while they run, so the observation (which reads the
        // context's phase and history) does not share them.
        var monitors = context.monitors
        context.monitors = [:]
        let observation = Observation(event: event, context: context)
        for index in tables.relevantClauses(for: event, openMonitors: monitors.keys) {
            let compiled = tables.clauses[index]
            guard compiled.applies(to: event.platform) else { continue }
            var monitor = monitors.removeValue(forKey: index) ?? ClauseMonitor(compiled.clause.primitive)
            monitor.observe(observation, compiled) { violations.append(($0, index)) }
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
            for index in clauses.indices {
                guard var monitor = apps[app]?.monitors[index] else { continue }
                monitor.finish(at: endTime) { record($0, index) }
                apps[app]?.monitors[index] = monitor
            }
        }
        findings = candidates.compactMap { candidate in
            requirements.isSatisfied(clause: candidate.clause, by: apps[candidate.finding.app]?.evidence ?? 0) ? candidate.finding : nil
        }
        findings.sort { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
        coverage = rules.map(coverage(of:))
    }

    /// Which apps the rule could be evaluated on: all its clauses, some (those needing
    /// nothing of the app), or none.
    private func coverage(of rule: Rule) -> RuleCoverage {
        let indices = clauses.indices.filter { clauses[$0].rule.id == rule.id }
        var coverage = RuleCoverage(rule: rule.id, needs: rule.requires.map(\.description), evaluated: [], partial: [], notEvaluated: [])
        for app in apps.keys.sorted() {
            let evidence = apps[app]?.evidence ?? 0
            let evaluable = indices.filter { requirements.isSatisfied(clause: $0, by: evidence) }.count
            if evaluable == indices.count {
                coverage.evaluated.append(app)
            } else if evaluable > 0 {
                coverage.partial.append(app)
            } else {
                coverage.notEvaluated.append(app)
            }
        }
        return coverage
    }

    private mutating func record(_ violation: Violation, _ clause: Int) {
        let compiled = clauses[clause]
        let rule = compiled.rule
        let template = compiled.clause.message ?? rule.message
        let event = violation.event
        candidates.append((Finding(
            ruleID: rule.id,
            severity: compiled.clause.severity ?? rule.severity,
            message: MessageTemplate.render(template, event: event, values: violation.values, thresholds: thresholds),
            app: event.app,
            platform: event.platform,
            time: violation.time,
            location: event.source,
            related: Self.related(violation.related),
            fingerprint: Fingerprint.make([rule.id, event.app, event.name.rawValue] + event.attributes.map { "\($0.key)=\($0.value)" }.sorted())), clause))
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
        case EventName.phaseActive: .foregroundActive
        case EventName.phaseInactive: .foregroundInactive
        case EventName.phaseBackground: .background
        case EventName.phaseTerminated, EventName.phaseColdStart: .notRunning
        default: nil
        }
    }
}
