/// Reads traces of any container lifelint knows into events. Today that is logcat text;
/// each container lives in its own folder beside `Logcat/`.
public enum TraceReader {
    /// Reads one trace, calling `emit` with each event in file order, and returns what was
    /// understood. Throws only when the input cannot be read at all.
    @discardableResult
    public static func read(
        _ input: TraceInput, options: TraceReadOptions = TraceReadOptions(), emit: (Event) -> Void
    ) throws(IngestionError) -> IngestionSummary {
        let reader = ByteLineReader(fileDescriptor: input.fileDescriptor)
        var ingestor = LogcatIngestor(path: input.path, baseYear: options.year ?? input.modificationYear)
        try ingestor.run(reader, format: options.logcatFormat, emit: emit)
        return ingestor.summary
    }

    /// Reads a whole trace into memory: for tests and small inputs.
    public static func events(
        atPath path: String, options: TraceReadOptions = TraceReadOptions()
    ) throws(IngestionError) -> (events: [Event], summary: IngestionSummary) {
        var events: [Event] = []
        let summary = try read(TraceInput(path: path), options: options) { events.append($0) }
        return (events, summary)
    }
}
