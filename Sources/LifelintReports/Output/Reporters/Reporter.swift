import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// Renders a run's results in one output format. Streaming formats write each trace's results
/// as soon as the trace is done (`traceCompleted`, called in input order); the others write
/// everything at the end (`finish`).
public protocol Reporter {
    mutating func traceCompleted(_ trace: TraceReport)
    mutating func finish(_ run: RunReport)
    /// Whether `finish` reads `RunReport.traces`. When no reporter of a run does, the run keeps
    /// only its `RunTally` of the traces once they are reported, so a batch's memory does not
    /// grow with its number of traces.
    var readsTraceDetailsAtFinish: Bool { get }
}

extension Reporter {
    public mutating func traceCompleted(_ trace: TraceReport) {}
    public var readsTraceDetailsAtFinish: Bool { true }
}
