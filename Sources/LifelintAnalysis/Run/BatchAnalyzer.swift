import Foundation
import LifelintModel
import LifelintIngestion

/// Analyses many traces on several cores and hands their reports over in input order, each as
/// soon as it and every trace before it are done: output is the same whatever `jobs` is, and
/// streaming reporters still stream.
public struct BatchAnalyzer: Sendable {
    public let settings: AnalysisSettings
    public let jobs: Int

    public init(settings: AnalysisSettings, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.settings = settings
        self.jobs = max(1, jobs)
    }

    public func run(_ inputs: [BatchInput], deliver: (TraceReport) -> Void) {
        run(inputs, prepare: { $0 }, deliver: deliver)
    }

    /// The same, with `prepare` applied to each report on the worker that made it (rendering
    /// its output, say): only `deliver` runs in input order, on the calling thread.
    public func run<Prepared: Sendable>(
        _ inputs: [BatchInput], prepare: @escaping @Sendable (TraceReport) -> Prepared, deliver: (Prepared) -> Void
    ) {
        guard jobs > 1, inputs.count > 1 else {
            for input in inputs { deliver(prepare(Self.report(input, settings: settings))) }
            return
        }
        let window = ReportWindow<Prepared>(count: inputs.count, size: jobs * Self.reportsAheadPerJob)
        let settings = settings
        for _ in 0..<min(jobs, inputs.count) {
            Thread.detachNewThread {
                while let index = window.take() {
                    window.store(prepare(Self.report(inputs[index], settings: settings)), at: index)
                }
            }
        }
        for _ in inputs.indices { deliver(window.next()) }
    }

    /// How many reports each worker may finish ahead of the one delivered next: enough to keep
    /// every core busy past a slow trace, few enough that a batch of any length holds a few
    /// reports, not every trace's, when delivering (writing the output) is the slower side.
    static let reportsAheadPerJob = 4

    private static func report(_ input: BatchInput, settings: AnalysisSettings) -> TraceReport {
        guard let error = input.error else { return TraceAnalyzer.report(path: input.path, settings: settings) }
        return .unreadable(path: input.path, error)
    }
}

/// The traces workers may take and the reports waiting to be delivered: a worker takes the
/// next input only while fewer than `size` inputs past the one to deliver next are taken, so
/// memory is bounded whatever the length of the batch.
private final class ReportWindow<Report: Sendable>: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private let count: Int
    private let size: Int
    private var pending: [Int: Report] = [:]
    private var taken = 0
    private var delivered = 0

    init(count: Int, size: Int) {
        self.count = count
        self.size = max(1, size)
    }

    /// The next input's index, once the window has room for it; nil when every input is taken.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while taken < count, taken >= delivered + size { condition.wait() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }

    func store(_ report: Report, at index: Int) {
        condition.lock()
        pending[index] = report
        condition.broadcast()
        condition.unlock()
    }

    /// The report of the next input in order, once it is done.
    func next() -> Report {
        condition.lock()
        defer { condition.unlock() }
        while pending[delivered] == nil { condition.wait() }
        let report = pending.removeValue(forKey: delivered)!
        delivered += 1
        condition.broadcast()
        return report
    }
}
