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
        guard jobs > 1, inputs.count > 1 else {
            for input in inputs { deliver(Self.report(input, settings: settings)) }
            return
        }
        let slots = ResultSlots(count: inputs.count)
        let next = NextIndex()
        let settings = settings
        for _ in 0..<min(jobs, inputs.count) {
            Thread.detachNewThread {
                while let index = next.take(below: inputs.count) {
                    slots.store(Self.report(inputs[index], settings: settings), at: index)
                }
            }
        }
        for index in inputs.indices { deliver(slots.take(index)) }
    }

    private static func report(_ input: BatchInput, settings: AnalysisSettings) -> TraceReport {
        guard let error = input.error else { return TraceAnalyzer.report(path: input.path, settings: settings) }
        return .unreadable(path: input.path, error)
    }
}

/// Reports waiting to be delivered, by input index.
private final class ResultSlots: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var slots: [TraceReport?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ report: TraceReport, at index: Int) {
        condition.lock()
        slots[index] = report
        condition.broadcast()
        condition.unlock()
    }

    func take(_ index: Int) -> TraceReport {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil { condition.wait() }
        let report = slots[index]!
        slots[index] = nil
        return report
    }
}

/// The next input index for a worker to take.
private final class NextIndex: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
