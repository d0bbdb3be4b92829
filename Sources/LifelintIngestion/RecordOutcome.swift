import LifelintModel

/// What one record of a structured container (JSON, plist) turned out to be.
enum RecordOutcome {
    /// One event: most records carry exactly one, and this spares an array per record.
    case event(Event)
    case events([Event])
    /// A record read correctly that carries no lifecycle meaning.
    case other
    /// The same, with its time: it moves the trace's clock (`IngestionSummary.clockEnd`).
    case otherAt(Timestamp)
    /// A record that only frames the document (a count trailer, metadata).
    case structural
    /// A record in the right container but of the wrong shape.
    case problem(String)
}

extension IngestionSummary {
    /// Moves the trace's clock to `time` when it is later.
    mutating func noteTime(_ time: Timestamp) {
        guard time.clock != .unknown else { return }
        if let end = clockEnd, end.clock == time.clock, end.nanoseconds >= time.nanoseconds { return }
        clockEnd = time
    }

    /// Counts one record of a structured container in its category and hands on its events.
    mutating func record(_ outcome: consuming RecordOutcome, at location: SourceLocation, emit: EventSink) {
        lines += 1
        switch consume outcome {
        case let .event(event):
            self.events += 1
            eventLines += 1
            noteTime(event.time)
            emit(event)
        case let .events(events):
            events.forEach(emit)
            self.events += events.count
            if events.isEmpty { logLines += 1 } else { eventLines += 1 }
            events.forEach { noteTime($0.time) }
        case .other:
            logLines += 1
        case let .otherAt(time):
            logLines += 1
            noteTime(time)
        case .structural:
            structuralLines += 1
        case let .problem(message):
            report(IngestionProblem(location: location, message: message))
            countUnrecognised(line: location.line)
        }
    }
}
