/// The open state of one compiled clause for one app. Each primitive is a monitor type that
/// owns its compiled clause; the engine keeps only busy monitors, so memory follows open
/// state, not the number of apps times the number of clauses.
protocol ClauseMonitor {
    /// Nothing open: the engine drops the monitor.
    var isIdle: Bool { get }
    mutating func observe(_ observation: Observation, report: (Violation) -> Void)
    /// Settles what is still open when the trace ends at `endTime`.
    mutating func finish(at endTime: Int64, report: (Violation) -> Void)
}

extension ClauseMonitor {
    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {}
}
