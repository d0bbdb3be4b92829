@_spi(Bytes) import LifelintBytes
import LifelintModel

/// An ANR's Java thread dump (`/data/anr/anr_*`, `traces.txt`, or its main thread pasted alone;
/// docs/formats.md §18): each process's main thread read as `evidence.anr-dump`, what blocked
/// it in plain words and the callback it was in. Recognised by what the dump opens with.
struct AnrDumpFormat: TraceFormat {
    static let title = "an ANR thread dump"
    static let fileExtensions: [String] = []
    /// Dumps are small; a larger file is read this far, and says so.
    static let maximumSize = 64 << 20

    init?(recognising head: TraceHead) {
        guard head.withText(Self.opensDump) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try input.withRest(after: head, limit: Self.maximumSize) { bytes, unread in
            var summary = Self.read(bytes, path: input.path, emit: emit)
            if let unread { summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: summary.lines), message: unread)) }
            return summary
        }
    }

    static func read(_ bytes: [UInt8], path: String, emit: EventSink) -> IngestionSummary {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let dump = ThreadDump(lines: bytes.last == .newline ? Array(lines.dropLast()) : lines)
        var summary = IngestionSummary(path: path, format: "ANR thread dump")
        summary.lines = bytes.last == .newline ? lines.count - 1 : lines.count
        summary.structuralLines = dump.structuralLines
        for process in dump.processes {
            guard let main = process.mainThread else { continue }
            let event = Self.event(main, process, path: path)
            summary.events += 1
            summary.eventLines += 1
            summary.clockEnd = max(summary.clockEnd ?? event.time, event.time)
            emit(event)
        }
        summary.logLines = summary.lines - summary.structuralLines - summary.eventLines
        return summary
    }

    private static func event(_ main: ThreadDump.Thread, _ process: ThreadDump.Process, path: String) -> Event {
        let reading = MainThreadReading(main, in: process)
        var attributes: Attributes = ["thread_state": main.state, "blocked_on": reading.blocker.rawValue, "detail": reading.detail]
        attributes["callback"] = reading.callback
        attributes["frame"] = reading.appFrame
        let app = process.command.map(ProcessName.package) ?? "unknown"
        if let command = process.command, command != app { attributes["process"] = command }
        attributes["source"] = "anr-dump"
        let time = process.time.flatMap(TimestampParser.parse) ?? .unknown
        return Event(
            time: time, app: app, pid: process.pid.map { Int32(truncatingIfNeeded: $0) }, tid: nil, platform: .android, name: EventName.evidenceAnrDump,
            attributes: attributes, source: SourceLocation(path: path, line: main.line))
    }

    /// A dump opens with a process header, the native dump's waiting channels, or (pasted
    /// alone) the main thread's header.
    static func opensDump(_ text: Span<UInt8>) -> Bool {
        text.starts(with: "----- pid ") || text.starts(with: "----- Waiting Channels: pid ") || text.starts(with: "\"main\" prio=")
            || text.starts(with: "\"main\" tid=1 ") || text.starts(with: "DALVIK THREADS")
    }
}
