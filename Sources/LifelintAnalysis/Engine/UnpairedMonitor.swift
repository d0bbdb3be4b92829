import LifelintModel

/// Runs an `unpaired` clause for one app: a start must meet its end before a cutoff. A cutoff
/// that carries the pairing attributes (`bgtask.expired id=7`) ends only that span; one that
/// does not (`phase.terminated`) ends them all.
struct UnpairedMonitor: ClauseMonitor {
    final class Clause: CompiledPrimitive {
        let start: CompiledPattern
        let end: [CompiledPattern]
        let sameAttributes: [String]
        let cutoff: [CompiledPattern]

        init(_ clause: RuleClause.Unpaired, thresholds: Thresholds, names: inout EventNameTable) {
            start = CompiledPattern(clause.start, thresholds: thresholds, names: &names)
            end = .init(clause.end, thresholds: thresholds, names: &names)
            sameAttributes = clause.sameAttributes
            cutoff = .init(clause.cutoff, thresholds: thresholds, names: &names)
        }

        var patterns: [CompiledPattern] { [start] + end + cutoff }
        var openers: [CompiledPattern] { [start] }
        var historyPatterns: [CompiledPattern] { [] }

        func makeMonitor() -> any ClauseMonitor { UnpairedMonitor(self) }
    }

    let clause: Clause
    private var open = PairingKeyMap<Event>()

    init(_ clause: Clause) { self.clause = clause }

    var isIdle: Bool { open.isEmpty }

    mutating func observe(_ observation: Observation, report: (Violation) -> Void) {
        let clause = self.clause
        // Made only for the events that need it.
        lazy var key = observation.event.key(clause.sameAttributes)
        if observation.matches(clause.end) { open.removeValue(forKey: key) }
        if observation.matches(clause.cutoff) {
            let ended = !clause.sameAttributes.isEmpty && observation.event.has(clause.sameAttributes) ? [key] : open.liveKeys
            for key in ended.sorted() {
                if let start = open.removeValue(forKey: key) { report(Violation(event: start, time: observation.event.time, related: [RelatedEvent(observation.event)])) }
            }
        }
        if observation.matches(clause.start) { open.set(observation.event, forKey: key) }
    }
}
