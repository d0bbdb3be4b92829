import Foundation
import LifelintIngestion
import LifelintModel

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
            for input in inputs { deliver(prepare(Self.report(input, settings: settings, digestInPlace: inputs.count > 1))) }
            return
        }
        let window = ReportWindow<Prepared>(count: inputs.count, size: jobs * Self.reportsAheadPerJob)
        let settings = settings
        for _ in 0..<min(jobs, inputs.count) {
            Thread.detachNewThread {
                while let index = window.take() {
                    window.store(prepare(Self.report(inputs[index], settings: settings, digestInPlace: true)), at: index)
                }
            }
        }
        for _ in inputs.indices { deliver(window.next()) }
    }

    /// How many reports each worker may finish ahead of the one delivered next: enough to keep
    /// every core busy past a slow trace, few enough that a batch of any length holds a few
    /// reports, not every trace's, when delivering (writing the output) is the slower side.
    static let reportsAheadPerJob = 4

    private static func report(_ input: BatchInput, settings: AnalysisSettings, digestInPlace: Bool) -> TraceReport {
        guard let error = input.error else { return TraceAnalyzer.report(path: input.path, settings: settings, digestInPlace: digestInPlace) }
        return .unreadable(path: input.path, error)
    }
}

/// The traces workers may take and the reports waiting to be delivered: a worker takes the
/// next input only while fewer than `size` inputs past the one to deliver next are taken, so
/// memory is bounded whatever the length of the batch. Each waiter waits on its own semaphore
/// (a worker for room, the deliverer for the next slot) and each step wakes exactly the one it
/// concerns: with one condition broadcast on every step, `--jobs 8` on two cores spent its time
/// waking eight threads to find nothing to do (six times slower than `--jobs 4`).
private final class ReportWindow<Report: Sendable>: @unchecked Sendable {
    private let count: Int
    private let size: Int
    /// Free places in the window, taken by a worker before it takes an input.
    private let room: DispatchSemaphore
    /// Per slot (`index % size`): the report, once stored, and the signal that it is.
    private var slots: [Report?]
    private let filled: [DispatchSemaphore]
    // `taken` and `slots` are guarded by `lock`.
    private let lock = NSLock()
    private var taken = 0
    private var delivered = 0

    init(count: Int, size: Int) {
        self.count = count
        self.size = max(1, size)
        room = DispatchSemaphore(value: self.size)
        slots = Array(repeating: nil, count: self.size)
        filled = (0..<self.size).map { _ in DispatchSemaphore(value: 0) }
    }

    /// The next input's index, once the window has room for it; nil when every input is taken.
    func take() -> Int? {
        room.wait()
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else {
            // Leave the place for the next worker to find the inputs all taken too.
            room.signal()
            return nil
        }
        taken += 1
        return taken - 1
    }

    func store(_ report: Report, at index: Int) {
        lock.lock()
        slots[index % size] = report
        lock.unlock()
        filled[index % size].signal()
    }

    /// The report of the next input in order, once it is done.
    func next() -> Report {
        let slot = delivered % size
        filled[slot].wait()
        lock.lock()
        let report = slots[slot].take()!
        lock.unlock()
        delivered += 1
        room.signal()
        return report
    }
}
