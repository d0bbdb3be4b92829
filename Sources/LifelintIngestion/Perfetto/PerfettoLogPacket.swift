@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A trace's log packets (`AndroidLogPacket`): each message is written as the `studio-new`
/// logcat line it was (UTC time, pid-tid, tag, the process the trace names, level, message) and
/// read by a logcat reader, so every logcat recogniser applies. Event-log entries (the events
/// buffer, whose tag is the event's name) carry their values as arguments; they are written as
/// logcat prints them: `[value,value,…]`, a single value bare.
struct PerfettoLogPacket {
    private var line: [UInt8] = []

    mutating func read(
        _ bytes: Span<UInt8>, processes: PerfettoProcesses, into reader: inout LogcatTextReader, record: Int, emit: EventSink
    ) throws(ProtoWireError) {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.AndroidLog.events, field.isMessage else { continue }
            guard let entry = try Self.entry(bytes.extracting(field.range), processes: processes) else { continue }
            for messageLine in entry.message.split(separator: "\n", omittingEmptySubsequences: false) {
                line.removeAll(keepingCapacity: true)
                line += entry.header.linePrefix
                line += messageLine.utf8.prefix { $0 != .carriageReturn }
                reader.read(line: line.span, number: record, emit: emit)
            }
        }
    }

    private static func entry(_ bytes: Span<UInt8>, processes: PerfettoProcesses) throws(ProtoWireError) -> (header: StudioLogcatEntry, message: String)? {
        var pid: Int32 = 0
        var tid = 0
        var time: Int64?
        var tag: String?
        var level = UInt8(ascii: "?")
        var message = ""
        var arguments: [String] = []
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.AndroidLog.pid: pid = Int32(truncatingIfNeeded: field.int64)
            case PerfettoField.AndroidLog.tid: tid = field.int
            case PerfettoField.AndroidLog.timestamp: time = field.int64
            case PerfettoField.AndroidLog.tag where field.isMessage: tag = bytes.text(field.range)
            case PerfettoField.AndroidLog.priority: level = Self.level(field.value)
            case PerfettoField.AndroidLog.message where field.isMessage: message = bytes.text(field.range)
            case PerfettoField.AndroidLog.args where field.isMessage: arguments.append(try argument(bytes.extracting(field.range)))
            default: break
            }
        }
        guard let time, time > 0 else { return nil }
        if message.isEmpty, !arguments.isEmpty {
            message = arguments.count == 1 ? arguments[0] : "[" + arguments.joined(separator: ",") + "]"
        }
        let header = StudioLogcatEntry(
            timestamp: PerfettoClocks.wall(time), pid: Int(pid), tid: tid, level: level, tag: tag, package: processes.name(of: pid))
        return (header, message)
    }

    /// An event-log value: an integer, a float or a string.
    private static func argument(_ bytes: Span<UInt8>) throws(ProtoWireError) -> String {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.AndroidLog.argInt: return String(field.int64)
            case PerfettoField.AndroidLog.argFloat: return String(Float(bitPattern: UInt32(truncatingIfNeeded: field.value)))
            case PerfettoField.AndroidLog.argString where field.isMessage: return bytes.text(field.range)
            default: continue
            }
        }
        return ""
    }

    /// `AndroidLogPriority` (2 verbose … 7 fatal) as logcat's letter.
    private static func level(_ priority: UInt64) -> UInt8 {
        switch priority {
        case 2: UInt8(ascii: "V")
        case 3: UInt8(ascii: "D")
        case 4: UInt8(ascii: "I")
        case 5: UInt8(ascii: "W")
        case 6: UInt8(ascii: "E")
        case 7: UInt8(ascii: "F")
        default: UInt8(ascii: "?")
        }
    }
}
