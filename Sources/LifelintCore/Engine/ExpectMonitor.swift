/// Runs an `expect` clause for one app: each trigger opens a wait that an expected event
/// satisfies, a `failOn` event or the deadline violates, and a `cancelOn` event drops.
struct ExpectMonitor {
    private struct Wait {
        let trigger: Event
        let evidence: [Event]
        let deadline: Int64?
    }

    private var waits: [Wait] = []

    var isIdle: Bool { waits.isEmpty }

    mutating func observe(_ observation: Observation, _ clause: RuleClause.Expect, within: Int64?, report: (Violation) -> Void) {
        let event = observation.event
        waits = waits.filter { wait in
            if let deadline = wait.deadline, event.time.clock != .unknown, event.time.nanoseconds > deadline {
                report(Self.missed(wait))
                return false
            }
            if observation.matches(clause.expect), wait.trigger.key(clause.sameAttributes) == event.key(clause.sameAttributes) { return false }
            if observation.matches(clause.failOn) {
                report(Violation(event: wait.trigger, time: event.time, related: wait.evidence + [event]))
                return false
            }
            return !observation.matches(clause.cancelOn)
        }
        guard observation.matches(clause.after),
            let evidence = observation.context.evaluate(clause.when)
        else { return }
        let deadline = within.map { event.time.nanoseconds + $0 }
        waits.append(Wait(trigger: event, evidence: evidence.map(\.event), deadline: deadline))
    }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {
        for wait in waits {
            // Passed, not reached: an event at the deadline itself would still have met it.
            if let deadline = wait.deadline, deadline < endTime { report(Self.missed(wait)) }
        }
        waits = []
    }

    private static func missed(_ wait: Wait) -> Violation {
        let time = Timestamp(
            clock: wait.trigger.time.clock, nanoseconds: wait.deadline ?? wait.trigger.time.nanoseconds,
            utcOffsetSeconds: wait.trigger.time.utcOffsetSeconds, fractionDigits: wait.trigger.time.fractionDigits)
        return Violation(event: wait.trigger, time: time, related: wait.evidence)
    }
}
