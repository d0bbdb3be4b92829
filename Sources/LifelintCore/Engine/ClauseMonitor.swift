/// The open state of one clause for one app.
enum ClauseMonitor {
    case expect(ExpectMonitor)
    case forbid(ForbidMonitor)
    case maxDuration(MaxDurationMonitor)
    case unpaired(UnpairedMonitor)
    case rate(RateMonitor)
    /// Held for a moment while a monitor runs, so the monitor's storage is uniquely referenced.
    case running

    init(_ primitive: RuleClause.Primitive) {
        switch primitive {
        case .expect: self = .expect(ExpectMonitor())
        case .forbid: self = .forbid(ForbidMonitor())
        case .maxDuration: self = .maxDuration(MaxDurationMonitor())
        case .unpaired: self = .unpaired(UnpairedMonitor())
        case .rate: self = .rate(RateMonitor())
        }
    }

    /// A monitor with nothing open is not worth keeping: the engine stores only busy ones, so
    /// memory follows open state, not the number of apps times the number of clauses.
    var isIdle: Bool {
        switch self {
        case let .expect(monitor): monitor.isIdle
        case let .forbid(monitor): monitor.isIdle
        case let .maxDuration(monitor): monitor.isIdle
        case let .unpaired(monitor): monitor.isIdle
        case let .rate(monitor): monitor.isIdle
        case .running: true
        }
    }

    mutating func observe(_ observation: Observation, _ compiled: CompiledClause, report: (Violation) -> Void) {
        // Moved out (`self` holds `.running` meanwhile), so the monitor's storage is uniquely
        // referenced and changes in place.
        let current = self
        self = .running
        let primitive = compiled.clause.primitive
        switch consume current {
        case var .expect(monitor):
            guard case let .expect(clause) = primitive else { preconditionFailure("a clause's monitor always matches its primitive") }
            monitor.observe(observation, clause, within: compiled.within, report: report)
            self = .expect(monitor)
        case var .forbid(monitor):
            guard case let .forbid(clause) = primitive else { preconditionFailure("a clause's monitor always matches its primitive") }
            monitor.observe(observation, clause, window: compiled.within, report: report)
            self = .forbid(monitor)
        case var .maxDuration(monitor):
            guard case let .maxDuration(clause) = primitive else { preconditionFailure("a clause's monitor always matches its primitive") }
            monitor.observe(observation, clause, limits: compiled.limits, report: report)
            self = .maxDuration(monitor)
        case var .unpaired(monitor):
            guard case let .unpaired(clause) = primitive else { preconditionFailure("a clause's monitor always matches its primitive") }
            monitor.observe(observation, clause, report: report)
            self = .unpaired(monitor)
        case var .rate(monitor):
            guard case let .rate(clause) = primitive else { preconditionFailure("a clause's monitor always matches its primitive") }
            monitor.observe(observation, clause, max: compiled.maximum, window: compiled.within, report: report)
            self = .rate(monitor)
        case .running:
            preconditionFailure("a monitor observes one event at a time")
        }
    }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {
        switch self {
        case var .expect(monitor):
            monitor.finish(at: endTime, report: report)
            self = .expect(monitor)
        case var .maxDuration(monitor):
            monitor.finish(at: endTime, report: report)
            self = .maxDuration(monitor)
        case .forbid, .unpaired, .rate, .running:
            break
        }
    }
}
