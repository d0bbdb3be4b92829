import LifelintModel

/// Turns one record of a JSON container (an event object, a trace event, a log record) into
/// events. Decoders keep whatever state their container needs across records.
protocol JSONRecordDecoder {
    /// `object` is the record's members when it is an object (records almost always are).
    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome
    /// Events still held when the document ends (an unfinished slice, say).
    mutating func finish() -> [Event]
    /// What the records said of the run (a MetricKit payload's versions and device).
    var labels: TraceLabels { get }
}

extension JSONRecordDecoder {
    mutating func finish() -> [Event] { [] }
    var labels: TraceLabels { TraceLabels() }
}
