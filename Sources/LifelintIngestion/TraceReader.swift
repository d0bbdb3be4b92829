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
        guard let bundle = input.bundle, !bundle.companions.isEmpty || !bundle.skipped.isEmpty else { return try readOne(input, options: options, emit: emit) }
        return try read(input, bundle, options: options, emit: emit)
    }

    /// A bugreport zip as one investigation: its companions' events (ANR dumps, tombstones, the
    /// attached Perfetto trace without what the logcat holds too) are read first, put on the main
    /// text's clock (the device's local time, as its logcat writes it) and merged in time order
    /// into the main text's, which streams. An event without a time (a tombstone before Android
    /// 11), or a trace in UTC that does not say the device's offset, has no place in that
    /// timeline and is left out, as its entry's line says.
    private static func read(
        _ input: TraceInput, _ bundle: BugreportBundle, options: TraceReadOptions, emit: EventSink
    ) throws(IngestionError) -> IngestionSummary {
        var companions: [Event] = []
        var entries: [IngestionSummary.BundleEntry] = []
        var kinds: [String: Int] = [:]
        var besideLogcat = options
        besideLogcat.readsBesideLogcat = true
        for entry in bundle.companions {
            do {
                var read: [Event] = []
                let summary = try readOne(try bundle.input(for: entry), options: besideLogcat) { read.append($0) }
                if summary.timesAreUTC {
                    guard let offset = summary.deviceUTCOffsetSeconds else {
                        let outcome =
                            "\(summary.format): its times are UTC and it does not say the device's UTC offset, so they cannot join the logcat's local times; read it on its own"
                        entries.append(.init(name: entry.name, outcome: outcome, isRead: false))
                        continue
                    }
                    read = read.map { $0.stated(utcOffsetSeconds: offset) }
                }
                kinds[summary.format, default: 0] += 1
                let placed = read.map(\.onLocalClock).filter { $0.time.clock == .wall }
                companions += placed
                var outcome = "\(summary.format), \(Self.count(placed.count, "event"))"
                if placed.count < read.count { outcome += "; \(Self.count(read.count - placed.count, "event")) without a time, left out" }
                entries.append(.init(name: entry.name, outcome: outcome, isRead: true))
            } catch {
                entries.append(.init(name: entry.name, outcome: "not read: \(error)", isRead: false))
            }
        }
        entries += bundle.skipped.map { .init(name: $0.name, outcome: $0.reason, isRead: false) }
        let ordered = companions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var next = 0
        var summary = try readOne(input, options: options) { event in
            while next < ordered.count, event.time.clock == .wall, ordered[next].time <= event.time {
                emit(ordered[next])
                next += 1
            }
            emit(event)
        }
        for event in ordered[next...] { emit(event) }
        summary.events += ordered.count
        summary.bundleEntries = entries
        for (kind, count) in kinds.sorted(by: { $0.key < $1.key }) { summary.format += " + \(Self.count(count, kind))" }
        return summary
    }

    /// `1 event`, `2 tombstones`.
    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func readOne(
        _ input: TraceInput, options: TraceReadOptions, emit: EventSink
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
