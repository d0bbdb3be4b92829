import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// Renders a run's results in one output format. Streaming formats write each trace's results
/// as soon as the trace is done (`traceCompleted`, called in input order); the others write
/// everything at the end (`finish`).
public protocol Reporter {
    mutating func traceCompleted(_ trace: TraceReport)
    mutating func finish(_ run: RunReport)
}

extension Reporter {
    public mutating func traceCompleted(_ trace: TraceReport) {}
}
