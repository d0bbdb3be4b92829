import LifelintModel

/// Reads traces of any container lifelint knows into events, choosing the container from the
/// content. Each container lives in its own folder (`Logcat/`, `JSON/`, `Plist/`).
public enum TraceReader {
    /// How much of a JSON document is searched for the keys that identify its shape.
    static let jsonDetectionLimit = 16 << 20

    /// Reads one trace, calling `emit` with each event in file order, and returns what was
    /// understood. Throws only when the input cannot be read at all.
    @discardableResult
    public static func read(
        _ input: TraceInput, options: TraceReadOptions = TraceReadOptions(), emit: EventSink
    ) throws(IngestionError) -> IngestionSummary {
        var summary = try readContainer(input, options: options, emit: emit)
        if let compression = input.compression { summary.format += " (\(compression))" }
        if let encoding = input.textEncoding { summary.format += ", \(encoding)" }
        return summary
    }

    private static func readContainer(
        _ input: TraceInput, options: TraceReadOptions, emit: EventSink
    ) throws(IngestionError) -> IngestionSummary {
        var head = try input.readHead()
        var container = options.inputFormat.map(ContainerDetector.Container.init(forced:)) ?? ContainerDetector.detect(head)
        if container == .unknownJSON, !input.isExhausted {
            // The keys that tell JSON shapes apart may follow a large first member (`metadata`).
            head += try input.readHead(Self.jsonDetectionLimit - head.count)
            container = ContainerDetector.detect(head)
        }
        let chunkSize = input.chunkSize(after: head)
        switch container {
        case .logcat:
            let reader = ByteLineReader(source: input.byteSource, initial: head, chunkSize: chunkSize)
            var ingestor = LogcatIngestor(
                path: input.path, baseYear: options.year ?? input.modificationYear, savedMonth: Self.savedMonth(input, options),
                mappings: options.mappings)
            let forced: LogcatFormat? = if case let .logcat(layout)? = options.inputFormat { layout } else { nil }
            try ingestor.run(reader, format: forced, emit: emit)
            var summary = ingestor.summary
            summary.truncatedLines = reader.truncatedLines
            if summary.neededYear {
                summary.yearSource = options.year != nil ? .option : Self.yearSource(input)
            }
            return summary
        case .lifelintJSON:
            var decoder = LifelintJSONDecoder()
            let options = JSONStreamReader.Options(arrayKeys: ContainerDetector.wrapsRecords(under: "events", in: head) ? ["events"] : [])
            return readJSON(input, head: head, chunkSize: chunkSize, format: "json lifelint-events", options: options, decoder: &decoder, emit: emit)
        case .chromeTrace:
            var decoder = ChromeTraceDecoder()
            var options = JSONStreamReader.Options(tolerateUnclosedArray: true)
            if ContainerDetector.wrapsRecords(under: "traceEvents", in: head) { options.arrayKeys = ["traceEvents"] }
            return readJSON(input, head: head, chunkSize: chunkSize, format: "json chrome-trace", options: options, decoder: &decoder, emit: emit)
        case .appleLog:
            var decoder = AppleLogDecoder(mappings: options.mappings)
            let options = JSONStreamReader.Options(skipPreamble: true)
            return readJSON(input, head: head, chunkSize: chunkSize, format: "json apple-log", options: options, decoder: &decoder, emit: emit)
        case .metricKit:
            var decoder = MetricKitDecoder()
            var summary = readJSON(input, head: head, chunkSize: chunkSize, format: "json metrickit", options: JSONStreamReader.Options(), decoder: &decoder, emit: emit)
            summary.reportsDeathsOnly = true
            return summary
        case let .report(kind):
            throw .unrecognisedFormat(path: input.path, line: 1, reason: "\(kind), not a trace: reports that lifelint writes are not read as traces")
        case .unknownJSON:
            let examined = head.count < Self.jsonDetectionLimit ? "the whole document" : "its first \(Self.jsonDetectionLimit >> 20) MiB"
            throw .unrecognisedFormat(
                path: input.path, line: 1,
                reason: "JSON, but neither lifelint events, a Chrome trace, an Apple log export nor a MetricKit payload (examined \(examined))")
        case .xmlPlist:
            return try XMLPlistReader.read(input, head: head, emit: emit)
        case .binaryPlist:
            return try BinaryPlistReader.read(input, head: head, emit: emit)
        case .appleReport:
            return try AppleReportReader.read(input, head: head, emit: emit)
        case .exitInfo:
            return try ExitInfoReader.read(input, head: head, emit: emit)
        case .atraceText:
            var reader = AtraceTextReader(path: input.path)
            let lines = ByteLineReader(source: input.byteSource, initial: head, chunkSize: chunkSize)
            reader.run(lines, emit: emit)
            var summary = reader.summary
            summary.truncatedLines = lines.truncatedLines
            return summary
        case let .appleLogText(layout):
            let reader = ByteLineReader(source: input.byteSource, initial: head, chunkSize: chunkSize)
            var ingestor = AppleLogTextIngestor(
                path: input.path, layout: layout, baseYear: options.year ?? input.modificationYear, savedMonth: Self.savedMonth(input, options),
                savedAt: input.modificationTime,
                mappings: options.mappings)
            ingestor.run(reader, emit: emit)
            var summary = ingestor.summary
            summary.truncatedLines = reader.truncatedLines
            if ingestor.neededYear || ingestor.neededDate {
                summary.neededYear = true
                summary.yearSource = options.year != nil && !ingestor.neededDate ? .option : Self.yearSource(input)
                summary.assumedYear = ingestor.neededDate ? nil : ingestor.firstYear
                summary.assumedDay = ingestor.firstDay
            }
            return summary
        }
    }

    /// The month the file was saved, when the year of times without one comes from the file.
    private static func savedMonth(_ input: TraceInput, _ options: TraceReadOptions) -> Int? {
        options.year == nil ? CivilDateTime(nanosecondsSinceEpoch: input.modificationTime * 1_000_000_000).month : nil
    }

    /// Where a year or date the trace lacks comes from when `--year` does not give it.
    private static func yearSource(_ input: TraceInput) -> YearSource {
        input.isStandardInput ? .currentTime : .fileModificationTime
    }

    private static func readJSON<Decoder: JSONRecordDecoder>(
        _ input: TraceInput, head: [UInt8], chunkSize: Int, format: String, options: JSONStreamReader.Options, decoder: inout Decoder,
        emit: EventSink
    ) -> IngestionSummary {
        let reader = JSONStreamReader(source: input.byteSource, initial: head, chunkSize: chunkSize)
        var ingestor = JSONTraceIngestor(path: input.path, format: format)
        ingestor.run(reader, options: options, decoder: &decoder, emit: emit)
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
