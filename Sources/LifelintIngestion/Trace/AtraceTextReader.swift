@_spi(Bytes) import LifelintBytes
import LifelintModel

/// systrace / atrace text (ftrace's `# tracer: nop` output, docs/formats.md §4): only the app-side
/// markers matter, `tracing_mark_write: B|pid|name`, `E|pid`, on lines like
/// `  com.app-4242  ( 4242) [001] ...1  123.456789: tracing_mark_write: B|4242|activityStart`.
/// The framework's lifecycle slices become events as in a Chrome trace (`FrameworkSlices`);
/// `lifelint:<event> key=value` slices and instants are the app's own events. Times are the
/// trace clock (seconds since boot, read as monotonic).
struct AtraceTextReader: LineOrientedReader {
    private let path: String
    private var slices = FrameworkSlices()
    private var latest: Timestamp?
    var summary: IngestionSummary

    init(path: String) {
        self.path = path
        summary = IngestionSummary(path: path, format: "atrace text")
    }

    static func isAtrace(_ head: Span<UInt8>) -> Bool {
        ByteSearch.contains("# tracer: ", in: head) || ByteSearch.contains(": tracing_mark_write: ", in: head)
    }

    mutating func read(line raw: Span<UInt8>, emit: EventSink) {
        let line = Substring(raw.text)
        guard let marker = Self.marker(line) else {
            let blank = line.allSatisfy { $0 == " " || $0 == "\t" }
            if blank || line.hasPrefix("#") || line.hasPrefix("TRACE:") || line.hasPrefix("capturing trace") {
                summary.structuralLines += 1
            } else {
                summary.logLines += 1
            }
            return
        }
        latest = FrameworkSlices.time(marker.microseconds)
        if let event = read(marker) {
            emit(event)
            summary.events += 1
            summary.eventLines += 1
        } else {
            summary.logLines += 1
        }
    }

    mutating func finish(emit: EventSink) {
        summary.clockEnd = latest
    }

    private struct Marker {
        var tid: Int64
        var microseconds: Double
        /// `B|4242|activityStart`, `E|4242`, `C|640|FrameMissed|1`.
        var payload: Substring
    }

    private mutating func read(_ marker: Marker) -> Event? {
        let fields = marker.payload.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard let kind = fields.first else { return nil }
        let pid = fields.count > 1 ? Int64(fields[1]) ?? marker.tid : marker.tid
        let name = fields.count > 2 ? String(fields[2]) : ""
        let location = SourceLocation(path: path, line: summary.lines)
        switch kind {
        case "B":
            // The app's own slice is an event, and still a slice its end closes.
            let appEvent = FrameworkSlices.appEvent(name, app: nil, pid: pid, tid: marker.tid, at: marker.microseconds, location)
            slices.begin(appEvent == nil && FrameworkSlices.isFrameworkSlice(name) ? name : "", tid: marker.tid, at: marker.microseconds)
            if let appEvent { return appEvent }
            guard name == FrameworkSlices.processStart else { return nil }
            return FrameworkSlices.processStartEvent(
                app: Event.appName(forUnknownPid: Int32(truncatingIfNeeded: pid)), pid: pid, tid: marker.tid, at: marker.microseconds, location)
        case "E":
            guard let (event, duration) = slices.end(tid: marker.tid, at: marker.microseconds) else { return nil }
            return FrameworkSlices.lifecycleEvent(
                event, app: Event.appName(forUnknownPid: Int32(truncatingIfNeeded: pid)), pid: pid, tid: marker.tid, end: marker.microseconds,
                duration: duration, location)
        case "I":
            return FrameworkSlices.appEvent(name, app: nil, pid: pid, tid: marker.tid, at: marker.microseconds, location)
        default:
            return nil
        }
    }

    /// `TASK-TID ( TGID) [CPU] FLAGS SECONDS: tracing_mark_write: PAYLOAD`.
    private static func marker(_ line: Substring) -> Marker? {
        guard let function = line.range(of: ": tracing_mark_write: ") else { return nil }
        let head = line[..<function.lowerBound]
        guard let timeStart = head.lastIndex(of: " ").map(head.index(after:)), let seconds = Double(head[timeStart...]) else { return nil }
        let task = head.drop { $0 == " " }.prefix { $0 != "[" && $0 != "(" }.trimmingCharacters(in: .whitespaces)
        guard let dash = task.lastIndex(of: "-"), let tid = Int64(task[task.index(after: dash)...]) else { return nil }
        return Marker(tid: tid, microseconds: seconds * 1_000_000, payload: line[function.upperBound...].drop { $0 == " " }.prefix { $0 != "\r" })
    }
}
