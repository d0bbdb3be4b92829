import LifelintModel

/// Runs a `rate` clause for one app: more than `max` matching events within a sliding window,
/// or within one episode, is one violation (reported once per window or episode).
struct RateMonitor: ClauseMonitor {
    final class Clause: CompiledPrimitive {
        let event: [CompiledPattern]
        /// `max`; nil when it resolves to nothing, and the clause never fires.
        let limit: Double?
        let window: Int64?
        let episodeStart: [CompiledPattern]?
        let episodeEnd: [CompiledPattern]

        init(_ clause: RuleClause.Rate, thresholds: Thresholds, names: inout EventNameTable) {
            event = .init(clause.event, thresholds: thresholds, names: &names)
            limit = thresholds.resolve(clause.max)?.attributeValue
            window = clause.window.flatMap { thresholds.resolve($0)?.nanoseconds }
            episodeStart = clause.per.map { .init($0.start, thresholds: thresholds, names: &names) }
            episodeEnd = .init(clause.per?.end ?? [], thresholds: thresholds, names: &names)
        }

        var patterns: [CompiledPattern] { event + (episodeStart ?? []) + episodeEnd }
        /// A window counts from the first event; an episode opens with its start.
        var openers: [CompiledPattern] { episodeStart ?? event }
        var historyPatterns: [CompiledPattern] { [] }

        func makeMonitor() -> any ClauseMonitor { RateMonitor(self) }
    }

    let clause: Clause
    /// The times in the window, oldest first, from `oldest` on: events come in time order, so
    /// the window slides by moving `oldest`, never by filtering every time it holds.
    private var times: [Int64] = []
    private var oldest = 0
    private var reportedUntil = Int64.min
    private var episodeOpen = false
    private var episodeCount = 0
    private var episodeReported = false

    init(_ clause: Clause) { self.clause = clause }

    var isIdle: Bool { oldest == times.count && !episodeOpen }

    mutating func observe(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        guard let limit = clause.limit else { return }
        if let episodeStart = clause.episodeStart {
            if observation.matches(clause.episodeEnd) { episodeOpen = false }
            if observation.matches(episodeStart) {
                episodeOpen = true
                episodeCount = 0
                episodeReported = false
            }
            guard episodeOpen, observation.matches(clause.event) else { return }
            episodeCount += 1
            if Double(episodeCount) > limit, !episodeReported {
                episodeReported = true
                report(Violation(event: observation.event, time: observation.event.time, values: ["count": String(episodeCount)]))
            }
        } else if let window = clause.window, observation.matches(clause.event) {
            let now = observation.event.time.nanoseconds
            // A clock that went back (concatenated captures) starts the window again.
            if let last = times.last, now < last {
                times.removeAll(keepingCapacity: true)
                oldest = 0
            }
            times.append(now)
            while oldest < times.count, times[oldest] <= now - window { oldest += 1 }
            if oldest > 64, oldest * 2 > times.count {
                times.removeFirst(oldest)
                oldest = 0
            }
            let count = times.count - oldest
            if Double(count) > limit, now > reportedUntil {
                reportedUntil = now + window
                report(Violation(event: observation.event, time: observation.event.time, values: ["count": String(count)]))
            }
        }
    }
}
