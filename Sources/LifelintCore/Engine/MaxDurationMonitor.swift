/// Runs a `max-duration` clause for one app: spans keyed by `sameAttributes`, measured from
/// when they are open in one of the `during` phases, judged at their end, at a cutoff, or at
/// the end of the trace.
struct MaxDurationMonitor {
    private struct Span {
        let start: Event
        var measuredFrom: Event?
        var limit: Int64?
    }

    private var spans: [String: Span] = [:]

    var isIdle: Bool { spans.isEmpty }

    mutating func observe(_ observation: Observation, _ clause: RuleClause.MaxDuration, limits: [Int64?], report: (Violation) -> Void) {
        let event = observation.event
        let key = event.key(clause.sameAttributes)
        if clause.end.matches(event), let span = spans.removeValue(forKey: key) {
            if let from = span.measuredFrom, let limit = span.limit, event.time.nanoseconds - from.time.nanoseconds > limit {
                report(violation(span, endedAt: event, elapsed: event.time.nanoseconds - from.time.nanoseconds))
            }
        }
        if observation.matches(clause.cutoff) {
            for span in spans.values.sorted(by: { $0.start.source < $1.start.source }) where span.measuredFrom != nil {
                report(violation(span, endedAt: event, elapsed: nil))
            }
            spans = [:]
        }
        if clause.start.matches(event) {
            spans[key] = Span(start: event)
        }
        guard clause.during.isEmpty || observation.context.phase.map(clause.during.contains) == true else { return }
        for (key, span) in spans where span.measuredFrom == nil {
            spans[key]?.measuredFrom = event
            spans[key]?.limit = Self.limit(clause, limits: limits, observation)
        }
    }

    mutating func finish(at endTime: Int64, report: (Violation) -> Void) {
        for span in spans.values.sorted(by: { $0.start.source < $1.start.source }) {
            guard let from = span.measuredFrom, let limit = span.limit, endTime - from.time.nanoseconds > limit else { continue }
            report(violation(span, endedAt: nil, elapsed: nil))
        }
        spans = [:]
    }

    /// The first limit whose guards hold.
    private static func limit(_ clause: RuleClause.MaxDuration, limits: [Int64?], _ observation: Observation) -> Int64? {
        guard let index = clause.limits.firstIndex(where: { observation.context.evaluate($0.when) != nil }) else { return nil }
        return limits[index]
    }

    private func violation(_ span: Span, endedAt end: Event?, elapsed: Int64?) -> Violation {
        var related: [Event] = []
        if let from = span.measuredFrom, from.source != span.start.source { related.append(from) }
        if let end { related.append(end) }
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
