/// Runs a `forbid` clause for one app. With `inside`, the forbidden event counts only within a
/// window after one of the callback events, or during the callback itself: Android logs a
/// callback's event after the callback returns, with its `duration_ms`, so work done inside it
/// shows up just before it.
struct ForbidMonitor {
    /// The last forbidden event seen outside any callback window, with its guards' evidence,
    /// in case the callback it ran inside is logged next.
    private var candidate: (event: Event, evidence: [Event])?
    /// Small slack for events logged in the same millisecond as the callback's end.
    private static let slackNanoseconds: Int64 = 10_000_000

    var isIdle: Bool { candidate == nil }

    mutating func observe(_ observation: Observation, _ clause: RuleClause.Forbid, window: Int64?, report: (Violation) -> Void) {
        let event = observation.event
        if observation.matches(clause.event) {
            guard let evidence = observation.context.evaluate(clause.when) else { return }
            guard let inside = clause.inside else {
                report(Violation(event: event, time: event.time, related: evidence.map(\.event)))
                return
            }
            if let callback = recentCallback(inside, within: window, observation) {
                report(Violation(event: event, time: event.time, related: evidence.map(\.event) + [callback]))
                candidate = nil
            } else {
                candidate = (event, evidence.map(\.event))
            }
        } else if let inside = clause.inside, observation.matches(inside.callbacks), let candidate {
            let milliseconds = Int64(event.attributes["duration_ms"] ?? "") ?? 0
            let (duration, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
            if overflow || event.time.nanoseconds - candidate.event.time.nanoseconds <= duration + Self.slackNanoseconds {
                report(Violation(event: candidate.event, time: candidate.event.time, related: candidate.evidence + [event]))
            }
            self.candidate = nil
        }
    }

    private func recentCallback(_ inside: RuleClause.Forbid.Inside, within window: Int64?, _ observation: Observation) -> Event? {
        guard let window else { return nil }
        return inside.callbacks
            .compactMap { observation.context.last($0) }
            .max { $0.sequence < $1.sequence }
            .map(\.event)
            .filter { observation.event.time.nanoseconds - $0.time.nanoseconds <= window }
    }
}

extension Optional {
    func filter(_ isIncluded: (Wrapped) -> Bool) -> Wrapped? {
        flatMap { isIncluded($0) ? $0 : nil }
    }
}
