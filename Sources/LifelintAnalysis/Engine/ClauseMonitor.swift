import LifelintModel

/// The open state of one compiled clause for one app. Each primitive is a monitor type that
/// owns its compiled clause; the engine keeps only busy monitors, so memory follows open
/// state, not the number of apps times the number of clauses.
///
/// A monitor's `observe` reads its clause through a local (`let clause = self.clause`): the
/// clause's patterns are then lent to `Observation.matches` as they are, where read through a
/// `self` the method may change, each pattern was retained and released around the call.
protocol ClauseMonitor {
    /// Nothing open: the engine drops the monitor.
    var isIdle: Bool { get }
    /// The earliest time after which any event, whatever its name, matters to the monitor (a
    /// wait's deadline); nil when only events its clause names do. The engine shows an open
    /// monitor the app's other events only past this time.
    var deadline: Int64? { get }
    /// True while the monitor must see every event of its app, whatever its name (a span whose
    /// measuring starts at the first event the app's phase allows).
    var observesEveryEvent: Bool { get }
    mutating func observe(_ observation: Observation, report: (Violation) -> Void)
    /// Settles what is still open when the trace ends at `endTime`.
    mutating func finish(at endTime: Int64, report: (Violation) -> Void)
    /// Settles the waits whose deadline passed before `time` with no event: a live stream's
    /// clock moved on (`RuleEngine.advance(to:)`). What an event must settle stays open.
    mutating func expire(before time: Int64, report: (Violation) -> Void)
}

extension ClauseMonitor {
    var deadline: Int64? { nil }
    var observesEveryEvent: Bool { false }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {}
    mutating func expire(before time: Int64, report: (Violation) -> Void) {}
}
