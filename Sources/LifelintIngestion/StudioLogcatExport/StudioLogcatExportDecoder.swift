@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads each message of an Android Studio Logcat export as the logcat entry it was: the
/// header and message are written as a `studio-new` line (`time +0000  pid-tid  tag  package
/// level  message`, one line per line of the message, as logcat prints a multi-line message)
/// and handed to a logcat reader, whose events keep the line of the message's record in the
/// export. The instant is UTC, so times keep their zone; the application id names the process
/// from its first message on.
struct StudioLogcatExportDecoder: JSONRecordDecoder {
    private let mappings: [LineMapping]
    /// Made at the first record, which names the trace.
    private var reader: LogcatTextReader?
    private var writer = StudioLogcatLineWriter()

    init(mappings: [LineMapping] = []) {
        self.mappings = mappings
    }

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object, let header = JSONObject(object["header"]) else {
            return .problem("expected a Logcat message, an object with a 'header' object and a 'message'")
        }
        guard let entry = StudioLogcatEntry(header: header) else {
            return .problem("a Logcat message's header needs a 'timestamp' of 'seconds' and 'nanos', a 'pid' and a 'tid'")
        }
        // Moved out and back, not copied: a copy would duplicate the reader's tables per record.
        var reader = reader.take() ?? LogcatTextReader(path: location.path, feeding: .studioNew, mappings: mappings)
        let tag = Array(entry.tag.utf8)
        writer.start(
            nanoseconds: entry.timestamp.nanoseconds, fractionDigits: Int(entry.timestamp.fractionDigits), pid: Int64(entry.pid), tid: Int64(entry.tid),
            tag: tag.span, process: StudioLogcatLineWriter.processColumn(entry.package, pid: Int32(truncatingIfNeeded: entry.pid)), level: entry.level)
        var events: [Event] = []
        for messageLine in (object["message"]?.string ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(messageLine.utf8)
            writer.setMessage(bytes.span)
            reader.read(line: writer.line.span, number: location.line, emit: { events.append($0) })
        }
        self.reader = reader
        switch events.count {
        case 0: return .otherAt(entry.timestamp)
        case 1: return .event(events[0])
        default: return .events(events)
        }
    }

    mutating func finish() -> [Event] {
        var events: [Event] = []
        reader?.finish(emit: { events.append($0) })
        return events
    }
}
