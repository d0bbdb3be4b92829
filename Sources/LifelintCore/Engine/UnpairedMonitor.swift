/// Runs an `unpaired` clause for one app: a start must meet its end before a cutoff. A cutoff
/// that carries the pairing attributes (`bgtask.expired id=7`) ends only that span; one that
/// does not (`phase.terminated`) ends them all.
struct UnpairedMonitor {
    private var open: [String: Event] = [:]

    var isIdle: Bool { open.isEmpty }

    mutating func observe(_ observation: Observation, _ clause: RuleClause.Unpaired, report: (Violation) -> Void) {
        let event = observation.event
        let key = event.key(clause.sameAttributes)
        if observation.matches(clause.end) { open[key] = nil }
        if observation.matches(clause.cutoff) {
            let ended = !clause.sameAttributes.isEmpty && event.has(clause.sameAttributes) ? [key] : Array(open.keys)
            for key in ended.sorted() {
                if let start = open.removeValue(forKey: key) { report(Violation(event: start, time: event.time, related: [event])) }
            }
        }
        if clause.start.matches(event) { open[key] = event }
    }
}
