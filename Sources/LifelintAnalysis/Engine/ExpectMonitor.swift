import LifelintModel

/// Runs an `expect` clause for one app: each trigger opens a wait that an expected event
/// satisfies, a `failOn` event or the deadline violates, and a `cancelOn` event drops.
struct ExpectMonitor: ClauseMonitor {
    final class Clause: CompiledPrimitive {
        let after: [CompiledPattern]
        let when: [CompiledGuard]
        let expect: [CompiledPattern]
        let within: Int64?
        let sameAttributes: [String]
        let failOn: [CompiledPattern]
        let cancelOn: [CompiledPattern]

        init(_ clause: RuleClause.Expect, thresholds: Thresholds, names: inout EventNameTable) {
            after = .init(clause.after, thresholds: thresholds, names: &names)
            when = .init(clause.when, thresholds: thresholds, names: &names)
            expect = .init(clause.expect, thresholds: thresholds, names: &names)
            within = clause.within.flatMap { thresholds.resolve($0)?.nanoseconds }
            sameAttributes = clause.sameAttributes
            failOn = .init(clause.failOn, thresholds: thresholds, names: &names)
            cancelOn = .init(clause.cancelOn, thresholds: thresholds, names: &names)
        }

        var patterns: [CompiledPattern] { after + expect + failOn + cancelOn }
        var openers: [CompiledPattern] { after }
        var historyPatterns: [CompiledPattern] { when.historyPatterns }

        func makeMonitor() -> any ClauseMonitor { ExpectMonitor(self) }
    }

    private struct Wait {
        let trigger: Event
        let evidence: [RelatedEvent]
        let deadline: Int64?
    }

    let clause: Clause
    private var waits: [Wait] = []
    /// The earliest deadline of the waits, kept as they open and settle: an event that can
    /// settle none (not expected, failing or cancelling, before every deadline) looks at none of
    /// them, however many are open. `Int64.max` for none, not an optional: the monitor then
    /// fits an existential's inline buffer, and opening one allocates nothing.
    private var earliestDeadline = Int64.max

    var deadline: Int64? { earliestDeadline == .max ? nil : earliestDeadline }

    init(_ clause: Clause) { self.clause = clause }

    var isIdle: Bool { waits.isEmpty }

    mutating func observe(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        if !waits.isEmpty { settleWaits(observation, report: report) }
        guard observation.matches(clause.after), let evidence = observation.evaluate(clause.when) else { return }
        let deadline = clause.within.map { observation.event.time.nanoseconds + $0 }
        waits.append(Wait(trigger: observation.event, evidence: evidence, deadline: deadline))
        if let deadline, deadline < earliestDeadline { earliestDeadline = deadline }
    }

    private mutating func settleWaits(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        let expected = observation.matches(clause.expect)
        let failing = observation.matches(clause.failOn)
        let cancelling = observation.matches(clause.cancelOn)
        let expires = observation.event.time.clock != .unknown && observation.event.time.nanoseconds > earliestDeadline
        guard expected || failing || cancelling || expires else { return }
        let sameAttributes = clause.sameAttributes
        // In place: most events settle nothing, and a filtered copy would allocate every time.
        waits.removeAll { wait in
            if let deadline = wait.deadline, observation.event.time.clock != .unknown, observation.event.time.nanoseconds > deadline {
                report(Self.missed(wait))
                return true
            }
            if expected, wait.trigger.pairs(with: observation.event, on: sameAttributes) { return true }
            if failing {
                report(Violation(event: wait.trigger, time: observation.event.time, related: wait.evidence + [RelatedEvent(observation.event)]))
                return true
            }
            return cancelling
        }
        earliestDeadline = .max
        for index in waits.indices {
            if let due = waits[index].deadline, due < earliestDeadline { earliestDeadline = due }
        }
    }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {
        for wait in waits {
            // Passed, not reached: an event at the deadline itself would still have met it.
            if let deadline = wait.deadline, deadline < endTime { report(Self.missed(wait)) }
        }
        waits = []
        earliestDeadline = .max
    }

    mutating func expire(before time: Int64, report: (Violation) -> Void) {
        guard earliestDeadline < time else { return }
        waits.removeAll { wait in
            guard let due = wait.deadline, due < time else { return false }
            report(Self.missed(wait))
            return true
        }
        earliestDeadline = waits.compactMap(\.deadline).min() ?? .max
    }

    private static func missed(_ wait: Wait) -> Violation {
        let time = Timestamp(
            clock: wait.trigger.time.clock, nanoseconds: wait.deadline ?? wait.trigger.time.nanoseconds,
            utcOffsetSeconds: wait.trigger.time.utcOffsetSeconds, fractionDigits: wait.trigger.time.fractionDigits)
        return Violation(event: wait.trigger, time: time, related: wait.evidence)
    }
}
