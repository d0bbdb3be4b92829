import LifelintAnalysis
import LifelintModel

/// The counts a run's outcome and summary rest on: traces, traces that could not be read,
/// findings per severity. Kept as traces are reported, so a run whose reporters stream
/// (`Reporter.readsTraceDetailsAtFinish`) need not keep every trace to the end.
public struct RunTally: Sendable, Hashable {
    public private(set) var traces = 0
    public private(set) var failedTraces = 0
    public private(set) var highestSeverity: Severity?
    /// Process-death expectations that failed (`ExpectationResult`), which fail a run as
    /// findings at `--fail-on` do.
    public private(set) var failedExpectations = 0
    private var findings: [Severity: Int] = [:]

    public init() {}

    public init(_ traces: [TraceReport]) {
        traces.forEach { add($0) }
    }

    public mutating func add(_ trace: TraceReport) {
        traces += 1
        if trace.error != nil { failedTraces += 1 }
        failedExpectations += trace.judgedExpectations.filter { $0.outcome == .failed }.count
        for finding in trace.findings {
            findings[finding.severity, default: 0] += 1
            highestSeverity = max(highestSeverity ?? finding.severity, finding.severity)
        }
    }

    public func count(_ severity: Severity) -> Int { findings[severity] ?? 0 }
}
