import LifelintModel

/// Every app's remembered events in one array, each app's as a short linked list: no array
/// (and its header) per app, and a cold start's forgotten records are reused by the next ones.
struct HistoryPool {
    /// What a guard reads of a remembered event, and the finding's related location.
    struct Occurrence {
        let event: RelatedEvent
        /// Order of arrival, which breaks ties between events stamped with the same time.
        let sequence: Int
    }

    /// One remembered event in 56 bytes: its name by number (`eventNames` has the name itself)
    /// and its file by number (`paths`), since a trace of a million apps keeps a record for each.
    private struct Record {
        let attributes: Attributes
        let nanoseconds: Int64
        let sequence: Int
        let line: Int
        /// The column, or -1 when the location has none.
        let column: Int
        /// The event's interned name.
        let name: Int32
        /// The next of the app's records, or of the free records (-1: none).
        var next: Int32
        let path: Int32

        init(_ event: Event, name: Int, path: Int, sequence: Int, next: Int32) {
            attributes = event.attributes
            nanoseconds = event.time.nanoseconds
            self.sequence = sequence
            line = event.source.line
            self.name = Int32(name)
            self.next = next
            self.path = Int32(path)
            column = event.source.column ?? -1
        }
    }

    private var records: [Record] = []
    private var free: Int32 = -1
    /// The names of the interned names recorded so far, by number.
    private var eventNames: [EventName?] = []
    /// The files of the records (one per trace, but derived and merged events may name another).
    private var paths: [String] = []

    /// Remembers `event` as the app's last of its name.
    mutating func record(_ event: Event, name: Int, sequence: Int, in history: inout AppHistory) {
        if name >= eventNames.count { eventNames += repeatElement(nil, count: name + 1 - eventNames.count) }
        if case nil = eventNames[name] { eventNames[name] = event.name }
        let path = number(ofPath: event.source.path)
        if let position = position(of: name, in: history) {
            records[position] = Record(event, name: name, path: path, sequence: sequence, next: records[position].next)
            return
        }
        let record = Record(event, name: name, path: path, sequence: sequence, next: history.head)
        if free >= 0 {
            let position = Int(free)
            free = records[position].next
            records[position] = record
            history.head = Int32(position)
        } else {
            records.append(record)
            history.head = Int32(records.count - 1)
        }
    }

    private mutating func number(ofPath path: String) -> Int {
        if let number = paths.lastIndex(of: path) { return number }
        paths.append(path)
        return paths.count - 1
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

    private func occurrence(at position: Int) -> Occurrence {
        let record = records[position]
        let source = SourceLocation(path: paths[Int(record.path)], line: record.line, column: record.column < 0 ? nil : record.column)
        let event = RelatedEvent(name: eventNames[Int(record.name)]!, attributes: record.attributes, source: source, nanoseconds: record.nanoseconds)
        return Occurrence(event: event, sequence: record.sequence)
    }

    /// The last event the pattern matches: for a name, the last of that name if it matches;
    /// for a family, the latest match among the family's names.
    func last(_ pattern: CompiledPattern, in history: AppHistory, families: EventNameTable.FamilyMembership) -> Occurrence? {
        lastPosition(pattern, in: history, families: families).map(occurrence(at:))
    }

    /// Whether every guard holds, with the history events that made them hold (for the
    /// finding's related locations).
    func evaluate(_ guards: [CompiledGuard], in history: AppHistory, families: EventNameTable.FamilyMembership) -> [RelatedEvent]? {
        // Positions while judging, in place for the few guards a clause has; only the evidence
        // of guards that all hold becomes events.
        var evidence = Positions()
        guard judge(guards, in: history, families: families, evidence: { evidence.append($0) }) else { return nil }
        return (0..<evidence.count).map { occurrence(at: evidence[$0]).event }
    }

    /// Up to four positions without an allocation, more in an array.
    private struct Positions {
        private var first = InlineArray<4, Int>(repeating: 0)
        private var rest: [Int] = []
        private(set) var count = 0

        mutating func append(_ position: Int) {
            if count < 4 { first[count] = position } else { rest.append(position) }
            count += 1
        }

        subscript(index: Int) -> Int { index < 4 ? first[index] : rest[index - 4] }
    }

    /// Whether every guard holds, when what made them hold is not wanted: nothing is built.
    func holds(_ guards: [CompiledGuard], in history: AppHistory, families: EventNameTable.FamilyMembership) -> Bool {
        judge(guards, in: history, families: families, evidence: { _ in })
    }

    /// Judges the guards in order, handing `evidence` the position of each remembered event a
    /// guard rests on; false at the first that does not hold.
    private func judge(
        _ guards: [CompiledGuard], in history: AppHistory, families: EventNameTable.FamilyMembership, evidence: (Int) -> Void
    ) -> Bool {
        // By index: iterating copied each guard, and with it its patterns' conditions.
        for index in guards.indices {
            switch guards[index] {
            case let .phase(phases):
                guard let phase = history.phase, phases.contains(phase) else { return false }
            case let .occurred(pattern, since):
                guard let occurrence = lastPosition(pattern, in: history, families: families) else { return false }
                if let since, let boundary = lastPosition(since, in: history, families: families), records[boundary].sequence > records[occurrence].sequence {
                    return false
                }
                evidence(occurrence)
            case let .absent(pattern, since):
                guard let boundary = lastPosition(since, in: history, families: families) else { return false }
                if let occurrence = lastPosition(pattern, in: history, families: families), records[occurrence].sequence > records[boundary].sequence { return false }
                evidence(boundary)
            }
        }
        return true
    }

    private func lastPosition(_ pattern: CompiledPattern, in history: AppHistory, families: EventNameTable.FamilyMembership) -> Int? {
        switch pattern.target {
        case let .name(id):
            guard let position = position(of: id, in: history), record(at: position, matches: pattern, families: families) else { return nil }
            return position
        case .family:
            var latest: Int?
            var position = Int(history.head)
            while position >= 0 {
                if latest.map({ records[position].sequence > records[$0].sequence }) ?? true, record(at: position, matches: pattern, families: families) {
                    latest = position
                }
                position = Int(records[position].next)
            }
            return latest
        }
    }

    /// Whether the remembered event matches the pattern. Its attributes are read only for a
    /// pattern with conditions: reading them copies the record, which retains them.
    private func record(at position: Int, matches pattern: CompiledPattern, families: EventNameTable.FamilyMembership) -> Bool {
        let name = Int(records[position].name)
        guard pattern.covers(name, in: families) else { return false }
        return pattern.conditions.isEmpty || pattern.matches(records[position].attributes, name: name, in: families)
    }
}
