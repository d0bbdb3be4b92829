import LifelintModel

/// Runs a `forbid` clause for one app. With `inside`, the forbidden event counts only within a
/// window after one of the callback events, or during the callback itself: Android logs a
/// callback's event after the callback returns, with its `duration_ms`, so work done inside it
/// shows up just before it.
struct ForbidMonitor: ClauseMonitor {
    final class Clause: CompiledPrimitive {
        let event: [CompiledPattern]
        let when: [CompiledGuard]
        let callbacks: [CompiledPattern]?
        /// `inside.after`: how long after a callback's event the window stays open.
        let window: Int64?

        init(_ clause: RuleClause.Forbid, thresholds: Thresholds, names: inout EventNameTable) {
            event = .init(clause.event, thresholds: thresholds, names: &names)
            when = .init(clause.when, thresholds: thresholds, names: &names)
            callbacks = clause.inside.map { .init($0.callbacks, thresholds: thresholds, names: &names) }
            window = clause.inside.flatMap { thresholds.resolve($0.after)?.nanoseconds }
        }

        var patterns: [CompiledPattern] { event + (callbacks ?? []) }
        var openers: [CompiledPattern] { event }
        var historyPatterns: [CompiledPattern] { when.historyPatterns + (callbacks ?? []) }

        func makeMonitor() -> any ClauseMonitor { ForbidMonitor(self) }
    }

    /// A forbidden event seen outside any callback window, with its guards' evidence, in case
    /// the callback it ran inside is logged next.
    private final class Candidate {
        let event: Event
        let evidence: [RelatedEvent]

        init(event: Event, evidence: [RelatedEvent]) {
            self.event = event
            self.evidence = evidence
        }
    }

    /// Small slack for events logged in the same millisecond as the callback's end.
    private static let slackNanoseconds: Int64 = 10_000_000

    let clause: Clause
    private var candidate: Candidate?

    init(_ clause: Clause) { self.clause = clause }

    var isIdle: Bool { candidate == nil }

    mutating func observe(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        if observation.matches(clause.event) {
            guard let evidence = observation.evaluate(clause.when) else { return }
            guard let callbacks = clause.callbacks else {
                report(Violation(event: observation.event, time: observation.event.time, related: evidence))
                return
            }
            if let callback = recentCallback(callbacks, observation) {
                report(Violation(event: observation.event, time: observation.event.time, related: evidence + [callback]))
                candidate = nil
            } else {
                candidate = Candidate(event: observation.event, evidence: evidence)
            }
        } else if let callbacks = clause.callbacks, let candidate, observation.matches(callbacks) {
            let milliseconds = Int64(observation.event.attributes["duration_ms"] ?? "") ?? 0
            let (duration, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
            if overflow || observation.event.time.nanoseconds - candidate.event.time.nanoseconds <= duration + Self.slackNanoseconds {
                report(Violation(event: candidate.event, time: candidate.event.time, related: candidate.evidence + [RelatedEvent(observation.event)]))
            }
            self.candidate = nil
        }
    }

    /// The latest callback event in the history, if it is within the window. A loop: mapping
    /// the callbacks to their occurrences allocated an array on every forbidden event.
    private func recentCallback(_ callbacks: [CompiledPattern], _ observation: Observation) -> RelatedEvent? {
        guard let window = clause.window else { return nil }
        var latest: HistoryPool.Occurrence?
        for index in callbacks.indices {
            guard let occurrence = observation.last(callbacks[index]), occurrence.sequence > latest?.sequence ?? .min else { continue }
            latest = occurrence
        }
        return latest.map(\.event).filter { observation.event.time.nanoseconds - $0.nanoseconds <= window }
    }
}

extension Optional {
    func filter(_ isIncluded: (Wrapped) -> Bool) -> Wrapped? {
        flatMap { isIncluded($0) ? $0 : nil }
    }
}
