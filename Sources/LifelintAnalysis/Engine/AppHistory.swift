import LifelintModel

/// What guards read about one app: its phase, and where its remembered events start in the
/// engine's `HistoryPool` (the last event of each name a guard reads, in the current process
/// incarnation). Eight bytes: a trace can name a million apps.
struct AppHistory {
    var phase: AppPhase?
    /// The first of the app's records in the pool (-1: none).
    fileprivate(set) var head: Int32 = -1
}

/// Every app's remembered events in one array, each app's as a short linked list: no array
/// (and its header) per app, and a cold start's forgotten records are reused by the next ones.
struct HistoryPool {
    struct Occurrence {
        let event: RelatedEvent
        /// Order of arrival, which breaks ties between events stamped with the same time.
        let sequence: Int
        /// The event's interned name.
        let name: Int32
        /// The next of the app's records, or of the free records (-1: none).
        fileprivate(set) var next: Int32
    }

    private var records: [Occurrence] = []
    private var free: Int32 = -1

    /// Remembers `event` as the app's last of its name.
    mutating func record(_ event: Event, name: Int, sequence: Int, in history: inout AppHistory) {
        if let position = position(of: name, in: history) {
            records[position] = Occurrence(event: RelatedEvent(event), sequence: sequence, name: Int32(name), next: records[position].next)
            return
        }
        let occurrence = Occurrence(event: RelatedEvent(event), sequence: sequence, name: Int32(name), next: history.head)
        if free >= 0 {
            let position = Int(free)
            free = records[position].next
            records[position] = occurrence
            history.head = Int32(position)
        } else {
            records.append(occurrence)
            history.head = Int32(records.count - 1)
        }
    }

    /// A cold start: the new incarnation remembers nothing of the old one.
    mutating func forget(_ history: inout AppHistory) {
        var position = history.head
        while position >= 0 {
            let next = records[Int(position)].next
            records[Int(position)].next = free
            free = position
            position = next
        }
        history.head = -1
    }

    private func position(of name: Int, in history: AppHistory) -> Int? {
        var position = history.head
        while position >= 0 {
            if records[Int(position)].name == Int32(name) { return Int(position) }
            position = records[Int(position)].next
        }
        return nil
    }

    /// The last event the pattern matches: for a name, the last of that name if it matches;
    /// for a family, the latest match among the family's names.
    func last(_ pattern: CompiledPattern, in history: AppHistory, families: EventNameTable.FamilyMembership) -> Occurrence? {
        switch pattern.target {
        case let .name(id):
            guard let position = position(of: id, in: history) else { return nil }
            let occurrence = records[position]
            return pattern.matches(occurrence.event.attributes, name: id, in: families) ? occurrence : nil
        case .family:
            var latest: Occurrence?
            var position = history.head
            while position >= 0 {
                let occurrence = records[Int(position)]
                if occurrence.sequence > latest?.sequence ?? Int.min, pattern.matches(occurrence.event.attributes, name: Int(occurrence.name), in: families) {
                    latest = occurrence
                }
                position = occurrence.next
            }
            return latest
        }
    }

    /// Whether every guard holds, with the history events that made them hold (for the
    /// finding's related locations).
    func evaluate(_ guards: [CompiledGuard], in history: AppHistory, families: EventNameTable.FamilyMembership) -> [Occurrence]? {
        var evidence: [Occurrence] = []
        for condition in guards {
            switch condition {
            case let .phase(phases):
                guard let phase = history.phase, phases.contains(phase) else { return nil }
            case let .occurred(pattern, since):
                guard let occurrence = last(pattern, in: history, families: families) else { return nil }
                if let since, let boundary = last(since, in: history, families: families), boundary.sequence > occurrence.sequence { return nil }
                evidence.append(occurrence)
            case let .absent(pattern, since):
                guard let boundary = last(since, in: history, families: families) else { return nil }
                if let occurrence = last(pattern, in: history, families: families), occurrence.sequence > boundary.sequence { return nil }
                evidence.append(boundary)
            }
        }
        return evidence
    }
}
