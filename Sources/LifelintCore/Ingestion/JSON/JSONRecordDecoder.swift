/// Turns one record of a JSON container (an event object, a trace event, a log record) into
/// events. Decoders keep whatever state their container needs across records.
protocol JSONRecordDecoder {
    mutating func decode(_ record: JSONValue, at location: SourceLocation) -> RecordOutcome
    /// Events still held when the document ends (an unfinished slice, say).
    mutating func finish() -> [Event]
}

extension JSONRecordDecoder {
    mutating func finish() -> [Event] { [] }
}
