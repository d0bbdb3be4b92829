/// What the engine remembers about one app: its phase, the last event of each name in the
/// current process incarnation (for guards), and each clause's open state. Bounded by the
/// number of event names and open spans, not by the trace's length.
struct AppContext {
    struct Occurrence {
        let event: Event
        /// Order of arrival, which breaks ties between events stamped with the same time.
        let sequence: Int
    }

    var phase: AppPhase?
    /// The `requires` patterns the app's events have matched anywhere in the trace so far
    /// (bits of `EvidenceRequirements`); unlike the history, kept across incarnations.
    var evidence: UInt64 = 0
    var history: [EventName: Occurrence] = [:]
    var monitors: [Int: ClauseMonitor] = [:]

    func last(_ pattern: EventPattern) -> Occurrence? {
        if let prefix = pattern.familyPrefix {
            return history.values
                .filter { $0.event.name.rawValue.hasPrefix(prefix) && pattern.matches($0.event) }
                .max { $0.sequence < $1.sequence }
        }
        guard let occurrence = history[pattern.eventName], pattern.matches(occurrence.event) else { return nil }
        return occurrence
    }

    /// Whether every guard holds, with the history events that made them hold (for the
    /// finding's related locations).
    func evaluate(_ guards: [Guard]) -> [Occurrence]? {
        var evidence: [Occurrence] = []
        for condition in guards {
            switch condition {
            case let .phase(phases):
                guard let phase, phases.contains(phase) else { return nil }
            case let .occurred(pattern, since):
                guard let occurrence = last(pattern) else { return nil }
                if let since, let boundary = last(since), boundary.sequence > occurrence.sequence { return nil }
                evidence.append(occurrence)
            case let .absent(pattern, since):
                guard let boundary = last(since) else { return nil }
                if let occurrence = last(pattern), occurrence.sequence > boundary.sequence { return nil }
                evidence.append(boundary)
            }
        }
        return evidence
    }
}
