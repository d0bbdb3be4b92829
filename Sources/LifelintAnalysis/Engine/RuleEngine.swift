import LifelintModel

/// Runs every rule over one trace's time-ordered events (platform events plus the phase
/// deriver's synthetic ones) in a single streaming pass. Memory is bounded by open state per
/// app (the last event of each name a guard reads, open waits and spans), not by trace length.
public struct RuleEngine {
    /// One app's state: its history for guards, the evidence it gave, and the monitors with
    /// something open, in clause order.
    private struct AppState {
        var history = AppHistory()
        /// The `requires` patterns the app's events have matched anywhere in the trace so far
        /// (bits of `EvidenceRequirements`); unlike the history, kept across incarnations.
        var evidence: UInt64 = 0
        var monitors = OpenMonitors()
        /// False for a number the engine has not yet seen an event of.
        var isSeen: Bool {
            get { history.isSeen }
            set { history.isSeen = newValue }
        }
    }

    private var names: EventNameTable
    private let clauses: [CompiledClause]
    private let rules: [Rule]
    private let requirements: EvidenceRequirements
    private let clauselessRequirement: [String: Int]
    private var facts: NameFactsTable
    /// The engine's own app numbers and names, for events given without a number
    /// (`process(_:)`); the phase deriver numbers the apps of a trace (`process(_:app:)`) and
    /// gives their names at the end, and the engine keeps none of its own.
    private var appIndex: [String: Int] = [:]
    private var ownNames: [String] = []
    private var apps: [AppState] = []
    private var histories = HistoryPool()
    private var sequence = 0
    private var endTime = Int64.min
    /// Findings with the clause that made them: kept only if the app reported the clause's
    /// evidence somewhere in the trace, which may come after the finding.
    private var candidates: [(finding: Finding, clause: Int, app: Int)] = []
    /// A live stream's findings waiting for their app's evidence (`takeDecided()`), by app: the
    /// latest `waitingPerApp` each, looked at again only when the app's evidence grows.
    private var waiting: [Int: [(finding: Finding, clause: Int, app: Int)]] = [:]
    private var evidenceGrew = Set<Int>()
    static let waitingPerApp = 16
    public private(set) var findings: [Finding] = []
    public private(set) var coverage: [RuleCoverage] = []

    /// An engine for one trace, from the run's compiled rules (shared, not copied).
    public init(compiled: CompiledRules) {
        names = compiled.names
        clauses = compiled.clauses
        requirements = compiled.requirements
        clauselessRequirement = compiled.clauselessRequirement
        rules = compiled.rules
        facts = compiled.facts
    }

    /// Compiles the rules for the thresholds: for one trace (a batch compiles once, in its
    /// `AnalysisSettings`).
    public init(rules: [Rule], thresholds: Thresholds = Thresholds()) {
        self.init(compiled: CompiledRules(rules: rules, thresholds: thresholds))
    }

    public mutating func process(_ event: consuming Event) {
        let app = appIndex[event.app] ?? ownNames.count
        if app == ownNames.count {
            appIndex[event.app] = app
            ownNames.append(event.app)
        }
        process(consume event, app: app)
    }

    /// The same, for an app already numbered (by the phase deriver): no lookup by name.
    package mutating func process(_ event: consuming Event, app: Int) {
        sequence += 1
        endTime = max(endTime, event.time.nanoseconds)
        // By code first: handing `intern` the name retained its text on every event.
        let name = names.id(ofCode: event.name.code) ?? names.intern(event.name)
        if name >= facts.count { facts.learnNames(of: names, clauses: clauses, requirements: requirements) }
        if app >= apps.count || !apps[app].isSeen { see(app) }
        let evidence = apps[app].evidence
        var violations: [(Violation, Int)] = []
        // A static function on the state in place (one lookup, no copy): its collections
        // then stay uniquely referenced and change without being copied on every event. The
        // family table leaves the name table for the call and comes back (moves): read in place,
        // it would be retained for the observation and released after it, on every event.
        var families = names.lendMembership()
        Self.observe(
            consume event, name: name, facts: facts, sequence: sequence, in: &apps[app], pool: &histories, clauses: clauses, families: &families,
            violations: &violations)
        names.giveBack(families)
        for (violation, clause) in violations { record(violation, clause, app: app) }
        if apps[app].evidence != evidence, waiting[app] != nil { evidenceGrew.insert(app) }
    }

    private mutating func see(_ app: Int) {
        while app >= apps.count { apps.append(AppState()) }
        apps[app].isSeen = true
    }

    private static func observe(
        _ event: consuming Event, name: Int, facts table: NameFactsTable, sequence: Int, in state: inout AppState, pool: inout HistoryPool, clauses: [CompiledClause],
        families: inout EventNameTable.FamilyMembership, violations: inout [(Violation, Int)]
    ) {
        let facts = table.facts[name]
        state.evidence |= facts.evidence
        if facts.isColdStart {
            pool.forget(&state.history)
            state.monitors = OpenMonitors()
        }
        if let phase = facts.announcedPhase { state.history.phase = phase }
        if facts.openerCount > 0 || !state.monitors.isEmpty {
            // The monitors leave the state while they run, so they stay uniquely referenced;
            // the event and the history pool move into the observation and out again.
            var monitors = OpenMonitors()
            swap(&monitors, &state.monitors)
            let observation = Observation(event: consume event, name: name, history: state.history, pool: consume pool, families: consume families)
            run(&monitors, facts: facts, in: table, observation, clauses, violations: &violations)
            swap(&monitors, &state.monitors)
            let observed: Event
            (observed, pool, families) = observation.parts()
            if facts.isRemembered { pool.record(observed, name: name, sequence: sequence, in: &state.history) }
        } else if facts.isRemembered {
            pool.record(event, name: name, sequence: sequence, in: &state.history)
        }
    }

    /// Runs the open monitors that react to the name or whose deadline the event passes, and a
    /// new monitor for each clause the name can open, merged in clause order; keeps the ones
    /// left with something open.
    private static func run(
        _ monitors: inout OpenMonitors, facts: NameFactsTable.Facts, in table: NameFactsTable, _ observation: Observation, _ clauses: [CompiledClause],
        violations: inout [(Violation, Int)]
    ) {
        let platform = CompiledClause.bit(observation.event.platform)
        let time = observation.event.time
        var next = 0
        var open = 0
        var anyIdle = false
        while next < facts.openerCount || open < monitors.schedules.count {
            let clause = next < facts.openerCount ? table.openerClause(next, of: facts) : Int.max
            if open < monitors.schedules.count, monitors.schedules[open].clause <= clause {
                let schedule = monitors.schedules[open]
                let index = schedule.clause
                if index == clause { next += 1 }
                let concerned =
                    table.reacts(observation.name, clause: index) || schedule.observesEveryEvent
                    || time.clock != .unknown && time.nanoseconds > schedule.deadline ?? .max
                if concerned, clauses[index].applies(to: platform) {
                    let idle = monitors.observe(at: open, observation) { violations.append(($0, index)) }
                    anyIdle = anyIdle || idle
                }
                open += 1
                continue
            }
            let opensAnyway = table.opensWithoutConditions(next, of: facts)
            next += 1
            // The name can open the clause; unless the event meets an opener's conditions too,
            // a fresh monitor would stay idle.
            guard clauses[clause].applies(to: platform), opensAnyway || observation.matches(clauses[clause].openers) else { continue }
            if monitors.open(clauses[clause], number: clause, at: open, observation, report: { violations.append(($0, clause)) }) { open += 1 }
        }
        if anyIdle { monitors.removeIdle() }
    }

    /// Settles, for every app, the waits whose deadline passed before `time` with no event: a
    /// live stream's clock moved on (`LiveAnalysis`). Times on the events' clock.
    public mutating func advance(to time: Int64) {
        endTime = max(endTime, time)
        for app in apps.indices where !apps[app].monitors.isEmpty {
            var monitors = OpenMonitors()
            swap(&monitors, &apps[app].monitors)
            var violations: [(Violation, Int)] = []
            monitors.expire(before: time) { violations.append(($0, $1)) }
            swap(&monitors, &apps[app].monitors)
            for (violation, clause) in violations { record(violation, clause, app: app) }
        }
    }

    /// The findings decided since the last call whose app has shown the clause's evidence: a
    /// live stream reports each as soon as it stands (`LiveAnalysis`). They leave the engine;
    /// the others wait for their app's evidence, the latest few per app, so a watch of hours
    /// keeps bounded state, and `finish` then gives only the rest.
    public mutating func takeDecided() -> [Finding] {
        var decided: [Finding] = []
        for candidate in candidates {
            if requirements.isSatisfied(clause: candidate.clause, by: apps[candidate.app].evidence) {
                decided.append(candidate.finding)
            } else {
                waiting[candidate.app, default: []].append(candidate)
                if waiting[candidate.app]!.count > Self.waitingPerApp { waiting[candidate.app]!.removeFirst() }
            }
        }
        candidates.removeAll(keepingCapacity: true)
        for app in evidenceGrew {
            waiting[app]?.removeAll { candidate in
                guard requirements.isSatisfied(clause: candidate.clause, by: apps[app].evidence) else { return false }
                decided.append(candidate.finding)
                return true
            }
            if waiting[app]?.isEmpty == true { waiting[app] = nil }
        }
        evidenceGrew.removeAll()
        return decided
    }

    /// Settles what is still open when the trace ends: waits whose deadline passed, spans that
    /// outran their limit. Waits whose deadline lies beyond the trace are dropped: the trace
    /// cannot tell. `clockEnd` is the trace's last time of any record, event or not: a trace
    /// that went on for 20 s of ordinary lines after the app left has seen 20 s pass.
    /// `appNames` are the names of the numbers events came with (`process(_:app:)`).
    public mutating func finish(clockEnd: Timestamp? = nil, appNames: [String]? = nil) {
        if let clockEnd, clockEnd.clock != .unknown { endTime = max(endTime, clockEnd.nanoseconds) }
        let appNames = appNames ?? ownNames
        // Sorted once: a trace may name a million apps.
        let sortedApps = apps.indices.filter { apps[$0].isSeen }.sorted { appNames[$0] < appNames[$1] }.map(Int32.init)
        for app in sortedApps.lazy.map(Int.init) {
            var monitors = apps[app].monitors
            monitors.finish(at: endTime) { record($0, $1, app: app) }
            apps[app].monitors = monitors
        }
        candidates += waiting.keys.sorted().flatMap { waiting[$0]! }
        waiting = [:]
        findings = candidates.compactMap { candidate in
            requirements.isSatisfied(clause: candidate.clause, by: apps[candidate.app].evidence) ? candidate.finding : nil
        }
        findings.sort { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
        // What coverage needs of each app is its evidence: the rest of the apps' state (a
        // million apps' histories and monitors) goes before the coverage is built.
        let evidence = EvidenceKinds(sortedApps.map { apps[Int($0)].evidence })
        apps = []
        histories = HistoryPool()
        let names = AppNames(sortedApps.map { appNames[Int($0)] })
        let kinds = AppEvidenceKinds(kindOfApp: evidence.kindOfApp, count: evidence.distinct.count)
        coverage = rules.map { rule in
            RuleCoverage(rule: rule.id, needs: rule.requires.map(\.description), apps: names, kinds: kinds, stateOfKind: coverageStates(of: rule, evidence: evidence))
        }
    }

    /// The apps' evidence as its distinct values and each app's among them: a trace's apps
    /// give few different kinds of evidence, so coverage is judged per kind, not per app.
    private struct EvidenceKinds {
        let distinct: [UInt64]
        let kindOfApp: [UInt32]

        init(_ evidence: [UInt64]) {
            var distinct: [UInt64] = []
            // Made once there are more kinds than a scan should look through (a trace made to
            // have many).
            var index: [UInt64: Int] = [:]
            kindOfApp = evidence.map { value in
                if let kind = index.isEmpty ? distinct.firstIndex(of: value) : index[value] { return UInt32(kind) }
                distinct.append(value)
                if distinct.count > 8 {
                    if index.isEmpty {
                        for (kind, known) in distinct.enumerated() { index[known] = kind }
                    } else {
                        index[value] = distinct.count - 1
                    }
                }
                return UInt32(distinct.count - 1)
            }
            self.distinct = distinct
        }
    }

    /// How far the rule could be evaluated on each kind of evidence: all its clauses, some
    /// (those needing nothing of the app), or none.
    private func coverageStates(of rule: Rule, evidence: EvidenceKinds) -> [RuleCoverage.State] {
        var indices = clauses.indices.filter { clauses[$0].rule.id == rule.id }
        if indices.isEmpty, let own = clauselessRequirement[rule.id] { indices = [own] }
        return evidence.distinct.map { evidence -> RuleCoverage.State in
            let evaluable = indices.reduce(0) { $0 + (requirements.isSatisfied(clause: $1, by: evidence) ? 1 : 0) }
            return evaluable == indices.count ? .evaluated : evaluable > 0 ? .partial : .notEvaluated
        }
    }

    private mutating func record(_ violation: Violation, _ clause: Int, app: Int) {
        let compiled = clauses[clause]
        let rule = compiled.rule
        let event = violation.event
        candidates.append(
            (
                Finding(
                    ruleID: rule.id,
                    severity: compiled.severity,
                    message: compiled.message.render(event: event, values: violation.values),
                    app: event.app,
                    platform: event.platform,
                    time: violation.time,
                    location: event.source,
                    related: Self.related(violation.related),
                    fingerprint: Fingerprint.make([rule.id, event.app, event.name.rawValue] + event.attributes.map { "\($0.key)=\($0.value)" }.sorted())), clause, app
            ))
    }

    /// Related locations in trace order, each place once.
    private static func related(_ events: [RelatedEvent]) -> [Finding.RelatedLocation] {
        var seen = Set<SourceLocation>()
        return events.sorted { $0.source < $1.source }.compactMap { event in
            guard seen.insert(event.source).inserted else { return nil }
            return Finding.RelatedLocation(location: event.source, message: RelatedNote.describe(event))
        }
    }

    static func phase(announcedBy name: EventName) -> AppPhase? {
        switch name.known {
        case .phaseActive?: .foregroundActive
        case .phaseInactive?: .foregroundInactive
        case .phaseBackground?: .background
        case .phaseTerminated?, .phaseColdStart?: .notRunning
        default: nil
        }
    }
}
