import LifelintModel

/// Runs a `max-duration` clause for one app: spans keyed by `sameAttributes`, measured from
/// when they are open in one of the `during` phases, judged at their end, at a cutoff, or at
/// the end of the trace.
struct MaxDurationMonitor: ClauseMonitor {
    final class Clause: CompiledPrimitive {
        let start: CompiledPattern
        let end: CompiledPattern
        let sameAttributes: [String]
        let during: [AppPhase]
        /// The limits in order, each with its guards; nil where the limit resolves to nothing.
        let limits: [(when: [CompiledGuard], nanoseconds: Int64?)]
        let cutoff: [CompiledPattern]
        /// The phase events, when `during` makes the monitor follow the app's phase.
        let phaseEvents: [CompiledPattern]

        init(_ clause: RuleClause.MaxDuration, thresholds: Thresholds, names: inout EventNameTable) {
            start = CompiledPattern(clause.start, thresholds: thresholds, names: &names)
            end = CompiledPattern(clause.end, thresholds: thresholds, names: &names)
            sameAttributes = clause.sameAttributes
            during = clause.during
            limits = clause.limits.map { limit in
                (.init(limit.when, thresholds: thresholds, names: &names), thresholds.resolve(limit.limit)?.nanoseconds)
            }
            cutoff = .init(clause.cutoff, thresholds: thresholds, names: &names)
            let phases = clause.during.isEmpty ? [] : AppPhase.allCases.map { EventPattern($0.eventName) } + [EventPattern(EventName.phaseColdStart)]
            phaseEvents = .init(phases, thresholds: thresholds, names: &names)
        }

        var patterns: [CompiledPattern] { [start, end] + cutoff + phaseEvents }
        var openers: [CompiledPattern] { [start] }
        var historyPatterns: [CompiledPattern] { limits.flatMap(\.when.historyPatterns) }

        func makeMonitor() -> any ClauseMonitor { MaxDurationMonitor(self) }
    }

    private struct Span {
        let start: Event
        var measuredFrom: Event?
        var limit: Int64?

        /// A pattern match, not `measuredFrom == nil`, which compared a copy of the event.
        var isWaitingToBeMeasured: Bool { if case .none = measuredFrom { true } else { false } }
    }

    let clause: Clause
    private var spans = PairingKeyMap<Span>()
    /// Some span waits for its measuring to start.
    private(set) var observesEveryEvent = false

    init(_ clause: Clause) { self.clause = clause }

    var isIdle: Bool { spans.isEmpty }

    mutating func observe(_ observation: Observation, report: (Violation) -> Void) {
        measure(observation, report: report)
        observesEveryEvent = spans.values.contains { $0.isWaitingToBeMeasured }
    }

    private mutating func measure(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        // Made only for the events that start or end a span: phase events need none.
        lazy var key = observation.event.key(clause.sameAttributes)
        if observation.matches(clause.end), let span = spans.removeValue(forKey: key) {
            if let from = span.measuredFrom, let limit = span.limit, observation.event.time.nanoseconds - from.time.nanoseconds > limit {
                report(violation(span, endedAt: observation.event, elapsed: observation.event.time.nanoseconds - from.time.nanoseconds))
            }
        }
        if observation.matches(clause.cutoff) {
            for span in spans.values.sorted(by: { $0.start.source < $1.start.source }) where !span.isWaitingToBeMeasured {
                report(violation(span, endedAt: observation.event, elapsed: nil))
            }
            spans.removeAll()
        }
        if observation.matches(clause.start) {
            spans.set(Span(start: observation.event), forKey: key)
        }
        guard clause.during.isEmpty || observation.history.phase.map(clause.during.contains) == true else { return }
        guard spans.values.contains(where: \.isWaitingToBeMeasured) else { return }
        let limit = self.limit(observation)
        spans.updateEach { span in
            guard span.isWaitingToBeMeasured else { return }
            span.measuredFrom = observation.event
            span.limit = limit
        }
    }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {
        for span in spans.values.sorted(by: { $0.start.source < $1.start.source }) {
            guard let from = span.measuredFrom, let limit = span.limit, endTime - from.time.nanoseconds > limit else { continue }
            report(violation(span, endedAt: nil, elapsed: nil))
        }
        spans.removeAll()
    }

    /// The first limit whose guards hold.
    private func limit(_ observation: Observation) -> Int64? {
        clause.limits.first { observation.holds($0.when) }?.nanoseconds
    }

    private func violation(_ span: Span, endedAt end: Event?, elapsed: Int64?) -> Violation {
        var related: [RelatedEvent] = []
        if let from = span.measuredFrom, from.source != span.start.source { related.append(RelatedEvent(from)) }
        if let end { related.append(RelatedEvent(end)) }
        var values: [String: String] = ["outcome": "never ended"]
        if let elapsed { values["outcome"] = "took \(Quantity.duration(nanoseconds: elapsed).roundedDescription)" }
        if let limit = span.limit { values["limit"] = Quantity.duration(nanoseconds: limit).description }
        return Violation(event: span.start, time: end?.time ?? span.start.time, related: related, values: values)
    }
}

extension Quantity {
    /// `6.2s`, `850ms`: for durations measured from a trace.
    var roundedDescription: String {
        guard case let .duration(nanoseconds) = self else { return description }
        if nanoseconds >= 10_000_000_000 { return "\(nanoseconds / 1_000_000_000)s" }
        if nanoseconds >= 1_000_000_000 { return "\(nanoseconds / 1_000_000_000).\(nanoseconds / 100_000_000 % 10)s" }
        return "\(nanoseconds / 1_000_000)ms"
    }
}
