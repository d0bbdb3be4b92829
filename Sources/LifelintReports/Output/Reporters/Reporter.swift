import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

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
    /// Set when `traceCompleted` writes only what it makes of the trace alone: a batch then
    /// makes that on the worker that analysed the trace and hands it to
    /// `traceCompleted(_:rendered:)` in input order, so writing is all that stays serial.
    var rendering: (any TraceRendering)? { get }
    mutating func traceCompleted(_ trace: TraceReport, rendered: Result<[UInt8], OutputFailure>)
}

extension Reporter {
    public mutating func traceCompleted(_ trace: TraceReport) {}
    public var readsTraceDetailsAtFinish: Bool { true }
    public var rendering: (any TraceRendering)? { nil }
    public mutating func traceCompleted(_ trace: TraceReport, rendered: Result<[UInt8], OutputFailure>) { traceCompleted(trace) }
}

/// What a streaming reporter writes for one trace, made from that trace alone, on any thread.
public protocol TraceRendering: Sendable {
    func render(_ trace: TraceReport) -> Result<[UInt8], OutputFailure>
}
