import LifelintModel

/// One stream analysed as it arrives (`lifelint watch`): each event goes through the
/// normalizer, the phase deriver and the rule engine at once, and each finding is handed out as
/// soon as it is decided. A stream that does not end has a clock that moves on with no event:
/// `advance(to:)` lets the trace's clock pass a time the caller ties to the wall clock, so a
/// deadline (a save that never began within the grace window) passes with no further line, and
/// what the ordering windows hold is released.
public struct LiveAnalysis {
    private var normalizer = EventNormalizer()
    private var phases = PhaseDeriver()
    private var consumers: DerivedEventConsumers
    private let apps: Set<String>?
    /// The latest time the stream has shown or been advanced to, on its events' clock.
    public private(set) var clock: Timestamp?

    public init(settings: AnalysisSettings) {
        consumers = DerivedEventConsumers(settings: settings)
        consumers.verdicts.settlesAtOnce = true
        consumers.oracle = nil
        apps = settings.apps
    }

    /// What one step decided: findings, and verdicts of episodes that settled.
    public struct Decisions {
        public var findings: [Finding] = []
        public var verdicts: [Verdict] = []
    }

    /// One event from the reader; returns what it decided.
    public mutating func consume(_ event: consuming Event) -> Decisions {
        if let apps, !apps.contains(event.app) { return Decisions() }
        if event.time.clock != .unknown, clock.map({ event.time > $0 }) ?? true { clock = event.time }
        Self.feed(event, &normalizer, &phases, &consumers)
        return takeDecisions()
    }

    /// The stream's clock passed `time` (on its events' clock) with no event: the windows
    /// release what is older, the departures and deadlines that passed are decided. Returns
    /// the findings that decides.
    public mutating func advance(to time: Timestamp) -> Decisions {
        guard let current = clock, time.clock == current.clock, time > current else { return Decisions() }
        clock = time
        Self.advance(time.nanoseconds, &normalizer, &phases, &consumers)
        return takeDecisions()
    }

    /// The stream ended: what the windows hold goes through and what is still open is settled.
    /// Returns what had not been handed out.
    public mutating func finish(clockEnd: Timestamp? = nil) -> Decisions {
        Self.finish(&normalizer, &phases, &consumers)
        var decisions = takeDecisions()
        consumers.engine.finish(clockEnd: clockEnd ?? clock, appNames: phases.appNames)
        consumers.verdicts.finish()
        decisions.findings += consumers.engine.findings
        decisions.verdicts += consumers.verdicts.verdicts
        return decisions
    }

    private mutating func takeDecisions() -> Decisions {
        Decisions(findings: consumers.engine.takeDecided(), verdicts: consumers.verdicts.takeSettled())
    }

    private static func finish(_ normalizer: inout EventNormalizer, _ phases: inout PhaseDeriver, _ consumers: inout DerivedEventConsumers) {
        normalizer.finish { released in phases.process(released) { consumers.consume($0, app: $1) } }
        phases.finish { consumers.consume($0, app: $1) }
    }

    private static func feed(_ event: consuming Event, _ normalizer: inout EventNormalizer, _ phases: inout PhaseDeriver, _ consumers: inout DerivedEventConsumers) {
        normalizer.process(event) { released in phases.process(released) { consumers.consume($0, app: $1) } }
    }

    private static func advance(_ time: Int64, _ normalizer: inout EventNormalizer, _ phases: inout PhaseDeriver, _ consumers: inout DerivedEventConsumers) {
        normalizer.advance(to: time) { released in phases.process(released) { consumers.consume($0, app: $1) } }
        phases.advance(to: time) { consumers.consume($0, app: $1) }
        consumers.engine.advance(to: time)
    }
}
