import LifelintModel
import LifelintIngestion

/// What guards read about one app: its phase and the last event of each name in the current
/// process incarnation, indexed by interned name. Bounded by the number of names the app
/// used, not by the trace's length.
struct AppHistory {
    struct Occurrence {
        let event: Event
        /// Order of arrival, which breaks ties between events stamped with the same time.
        let sequence: Int
    }

    var phase: AppPhase?
    private var lastByName: [Occurrence?] = []

    mutating func record(_ event: Event, name: Int, sequence: Int) {
        if name >= lastByName.count { lastByName.append(contentsOf: repeatElement(nil, count: name + 1 - lastByName.count)) }
        lastByName[name] = Occurrence(event: event, sequence: sequence)
    }

    /// A cold start: the new incarnation remembers nothing of the old one.
    mutating func forget() {
        lastByName = []
    }

    /// The last event the pattern matches: for a name, the last of that name if it matches;
    /// for a family, the latest match among the family's names.
    func last(_ pattern: CompiledPattern, in families: EventNameTable.FamilyMembership) -> Occurrence? {
        switch pattern.target {
        case let .name(id):
            guard id < lastByName.count, let occurrence = lastByName[id],
                pattern.matches(occurrence.event, name: id, in: families)
            else { return nil }
            return occurrence
        case .family:
            var latest: Occurrence?
            for (id, occurrence) in lastByName.enumerated() {
                guard let occurrence, occurrence.sequence > latest?.sequence ?? Int.min,
                    pattern.matches(occurrence.event, name: id, in: families)
                else { continue }
                latest = occurrence
            }
            return latest
        }
    }

    /// Whether every guard holds, with the history events that made them hold (for the
    /// finding's related locations).
    func evaluate(_ guards: [CompiledGuard], in families: EventNameTable.FamilyMembership) -> [Occurrence]? {
        var evidence: [Occurrence] = []
        for condition in guards {
            switch condition {
            case let .phase(phases):
                guard let phase, phases.contains(phase) else { return nil }
            case let .occurred(pattern, since):
                guard let occurrence = last(pattern, in: families) else { return nil }
                if let since, let boundary = last(since, in: families), boundary.sequence > occurrence.sequence { return nil }
                evidence.append(occurrence)
            case let .absent(pattern, since):
                guard let boundary = last(since, in: families) else { return nil }
                if let occurrence = last(pattern, in: families), occurrence.sequence > boundary.sequence { return nil }
                evidence.append(boundary)
            }
        }
        return evidence
    }
}
