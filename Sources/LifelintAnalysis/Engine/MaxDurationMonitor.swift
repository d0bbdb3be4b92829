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
    /// How many spans wait for their measuring to start, and the keys they were set under
    /// (stale ones too: a span ended or replaced since), so an event touches only those, never
    /// every open span: a trace can leave thousands of saves open.
    private var waitingCount = 0
    private var waitingKeys: [String] = []

    init(_ clause: Clause) { self.clause = clause }

    var isIdle: Bool { spans.isEmpty }

    /// Some span waits for its measuring to start.
    var observesEveryEvent: Bool { waitingCount > 0 }

    mutating func observe(_ observation: Observation, report: (Violation) -> Void) {
        measure(observation, report: report)
    }

    private mutating func measure(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        // Made only for the events that start or end a span: phase events need none.
        lazy var key = observation.event.key(clause.sameAttributes)
        if observation.matches(clause.end), let span = remove(key) {
            if let from = span.measuredFrom, let limit = span.limit, observation.event.time.nanoseconds - from.time.nanoseconds > limit {
                report(violation(span, endedAt: observation.event, elapsed: observation.event.time.nanoseconds - from.time.nanoseconds))
            }
        }
        if observation.matches(clause.cutoff) {
            for span in spans.values.sorted(by: { $0.start.source < $1.start.source }) where !span.isWaitingToBeMeasured {
                report(violation(span, endedAt: observation.event, elapsed: nil))
            }
            removeAll()
        }
        if observation.matches(clause.start) {
            _ = remove(key)
            spans.set(Span(start: observation.event), forKey: key)
            waitingCount += 1
            waitingKeys.append(key)
        }
        guard waitingCount > 0, clause.during.isEmpty || observation.history.phase.map(clause.during.contains) == true else {
            if waitingKeys.count > 2 * waitingCount + 16 { dropStaleWaitingKeys() }
            return
        }
        let limit = self.limit(observation)
        for key in waitingKeys {
            spans.update(forKey: key) { span in
                guard span.isWaitingToBeMeasured else { return }
                span.measuredFrom = observation.event
                span.limit = limit
            }
        }
        waitingKeys.removeAll(keepingCapacity: true)
        waitingCount = 0
    }

    private mutating func remove(_ key: String) -> Span? {
        let span = spans.removeValue(forKey: key)
        if span?.isWaitingToBeMeasured == true { waitingCount -= 1 }
        return span
    }

    private mutating func removeAll() {
        spans.removeAll()
        waitingKeys.removeAll(keepingCapacity: true)
        waitingCount = 0
    }

    /// Keeps the keys of spans still waiting, once most of the list no longer names one.
    private mutating func dropStaleWaitingKeys() {
        var kept = Set<String>()
        waitingKeys = waitingKeys.filter { key in spans.value(forKey: key)?.isWaitingToBeMeasured == true && kept.insert(key).inserted }
    }

    /// A live stream's clock passed `time` with no event (`LiveAnalysis`): a span still open past
    /// its limit has overrun whenever it ends, so it is reported now, as not ended after its
    /// limit, and forgotten, so neither its end nor the end of the stream reports it again.
    mutating func expire(before time: Int64, report: (Violation) -> Void) {
        let overdue = spans.values.filter { span in
            guard let from = span.measuredFrom, let limit = span.limit else { return false }
            return time - from.time.nanoseconds > limit
        }
        for span in overdue.sorted(by: { $0.start.source < $1.start.source }) {
            report(violation(span, endedAt: nil, elapsed: nil, stillOpen: true))
            _ = remove(span.start.key(clause.sameAttributes))
        }
    }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {
        for span in spans.values.sorted(by: { $0.start.source < $1.start.source }) {
            guard let from = span.measuredFrom, let limit = span.limit, endTime - from.time.nanoseconds > limit else { continue }
            report(violation(span, endedAt: nil, elapsed: nil))
        }
        removeAll()
    }

    /// The first limit whose guards hold.
    private func limit(_ observation: Observation) -> Int64? {
        clause.limits.first { observation.holds($0.when) }?.nanoseconds
    }

    /// `stillOpen`: reported live while the span runs on, past its limit.
    private func violation(_ span: Span, endedAt end: Event?, elapsed: Int64?, stillOpen: Bool = false) -> Violation {
        var related: [RelatedEvent] = []
        if let from = span.measuredFrom, from.source != span.start.source { related.append(RelatedEvent(from)) }
        if let end { related.append(RelatedEvent(end)) }
        let limit = span.limit.map { Quantity.duration(nanoseconds: $0).description }
        var values: [String: String] = ["outcome": "never ended"]
        if let elapsed { values["outcome"] = "took \(Quantity.duration(nanoseconds: elapsed).roundedDescription)" }
        if stillOpen, let limit { values["outcome"] = "had not ended after \(limit)" }
        if let limit { values["limit"] = limit }
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
