import LifelintModel

/// What guards read about one app: its phase and the last event of each name in the current
/// process incarnation, indexed by interned name. Bounded by the number of names the app
/// used, not by the trace's length.
struct AppHistory {
    struct Occurrence {
        let event: RelatedEvent
        /// Order of arrival, which breaks ties between events stamped with the same time.
        let sequence: Int
        /// The event's interned name.
        let name: Int32
    }

    var phase: AppPhase?
    /// The last event of each remembered name, in first-seen order: an app remembers a handful
    /// of names, so a search of this short list is as quick as a table indexed by name, and a
    /// million apps in a trace do not each carry one.
    private var occurrences: [Occurrence] = []

    mutating func record(_ event: Event, name: Int, sequence: Int) {
        let occurrence = Occurrence(event: RelatedEvent(event), sequence: sequence, name: Int32(name))
        if let position = position(of: name) {
            occurrences[position] = occurrence
        } else {
            occurrences.append(occurrence)
        }
    }

    private func position(of name: Int) -> Int? {
        occurrences.firstIndex { $0.name == Int32(name) }
    }

    /// A cold start: the new incarnation remembers nothing of the old one.
    mutating func forget() {
        occurrences = []
    }

    /// The last event the pattern matches: for a name, the last of that name if it matches;
    /// for a family, the latest match among the family's names.
    func last(_ pattern: CompiledPattern, in families: EventNameTable.FamilyMembership) -> Occurrence? {
        switch pattern.target {
        case let .name(id):
            guard let position = position(of: id) else { return nil }
            let occurrence = occurrences[position]
            return pattern.matches(occurrence.event.attributes, name: id, in: families) ? occurrence : nil
        case .family:
            var latest: Occurrence?
            for occurrence in occurrences {
                guard occurrence.sequence > latest?.sequence ?? Int.min,
                    pattern.matches(occurrence.event.attributes, name: Int(occurrence.name), in: families)
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
