import LifelintModel

/// Reads traces of any format lifelint knows into events: the format is the one
/// `--input-format` forces, or the first in `TraceFormats.all` that recognises the trace's
/// first bytes, never the file's name.
public enum TraceReader {
    /// Reads one trace, calling `emit` with each event in file order, and returns what was
    /// understood. Throws only when the input cannot be read at all.
    @discardableResult
    public static func read(
        _ input: TraceInput, options: TraceReadOptions = TraceReadOptions(), emit: EventSink
    ) throws(IngestionError) -> IngestionSummary {
        var head = try input.readHead()
        var format = options.inputFormat?.format ?? TraceFormats.recognise(TraceHead(head))
        if format is UnrecognisedJSONFormat, !input.isExhausted {
            head += try input.readHead(UnrecognisedJSONFormat.detectionLimit - head.count)
            format = TraceFormats.recognise(TraceHead(head))
        }
        var summary = try format.read(input, head: head, options: options, emit: emit)
        if type(of: format).reportsDeathsOnly { summary.reportsDeathsOnly = true }
        summary.labels.record(TraceLabels.device, TestLabDeviceFolder.device(ofTraceAt: input.path))
        if let compression = input.compression { summary.format += " (\(compression))" }
        if let encoding = input.textEncoding { summary.format += ", \(encoding)" }
        return summary
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
