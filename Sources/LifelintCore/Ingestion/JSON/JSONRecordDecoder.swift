/// Turns one record of a JSON container (an event object, a trace event, a log record) into
/// events. Decoders keep whatever state their container needs across records.
protocol JSONRecordDecoder {
    mutating func decode(_ record: JSONValue, at location: SourceLocation) -> JSONRecordOutcome
    /// Events still held when the document ends (an unfinished slice, say).
    mutating func finish() -> [Event]
}

extension JSONRecordDecoder {
    mutating func finish() -> [Event] { [] }
}

enum JSONRecordOutcome {
    case events([Event])
    /// A record read correctly that carries no lifecycle meaning.
    case other
    /// A record that only frames the document (a count trailer, metadata).
    case structural
    /// A record in the right container but of the wrong shape.
    case problem(String)
}
