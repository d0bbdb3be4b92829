@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A trace's log packets (`AndroidLogPacket`): each message is handed to a logcat reader as the
/// entry it was (UTC time, pid, tid, level, tag, the process the trace names, message, one entry
/// per line of it, as logcat prints them), so every logcat recogniser applies; the fields are
/// the packet's own, not a line to parse again. Event-log entries (the events buffer, whose tag
/// is the event's name) carry their values as arguments; their message is written as logcat
/// prints it: `[value,value,…]`, a single value bare.
struct PerfettoLogPacket {
    /// The entry's tag, process and message side by side, which its record's ranges point into.
    private var entry: [UInt8] = []
    /// Each pid's process name, while the process table is the one it was taken from: pids
    /// below `directPids` (nearly all) by index into `nameSlots`, 0 when not yet looked up.
    private var nameSlots = [Int32](repeating: 0, count: directPids)
    private var nameTable: [[UInt8]] = []
    private var otherNames: [Int32: [UInt8]] = [:]
    private var namesVersion = -1
    private static let directPids = 1 << 16

    mutating func read(
        _ bytes: Span<UInt8>, processes: PerfettoProcesses, into reader: inout LogcatTextReader, record number: Int, emit: EventSink
    ) throws(ProtoWireError) {
        if processes.version != namesVersion {
            for index in nameSlots.indices { nameSlots[index] = 0 }
            nameTable.removeAll(keepingCapacity: true)
            otherNames.removeAll(keepingCapacity: true)
            namesVersion = processes.version
        }
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.AndroidLog.events, field.isMessage else { continue }
            try read(entry: bytes.extracting(field.range), processes: processes, into: &reader, number: number, emit: emit)
        }
    }

    private mutating func read(
        entry bytes: Span<UInt8>, processes: PerfettoProcesses, into reader: inout LogcatTextReader, number: Int, emit: EventSink
    ) throws(ProtoWireError) {
        var pid: Int32 = 0
        var tid: Int64 = 0
        var time: Int64 = 0
        var tag = 0..<0
        var message = 0..<0
        var level = UInt8(ascii: "?")
        var arguments: [String] = []
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.AndroidLog.pid: pid = Int32(truncatingIfNeeded: field.int64)
            case PerfettoField.AndroidLog.tid: tid = field.int64
            case PerfettoField.AndroidLog.timestamp: time = field.int64
            case PerfettoField.AndroidLog.tag where field.isMessage: tag = field.range
            case PerfettoField.AndroidLog.priority: level = Self.level(field.value)
            case PerfettoField.AndroidLog.message where field.isMessage: message = field.range
            case PerfettoField.AndroidLog.args where field.isMessage: arguments.append(try Self.argument(bytes.extracting(field.range)))
            default: break
            }
        }
        guard time > 0 else { return }
        let name = name(of: pid, processes)
        var record = LogcatRecord()
        record.time = LogcatTime(kind: .epoch, fractionDigits: 9, nanosecond: Int32(time % 1_000_000_000), seconds: time / 1_000_000_000, utcOffsetSeconds: 0)
        record.pid = pid
        record.tid = Int32(truncatingIfNeeded: tid)
        record.priority = level
        entry.removeAll(keepingCapacity: true)
        entry.append(bytes.extracting(tag))
        record.tag = 0..<entry.count
        if !name.isEmpty {
            entry.append(contentsOf: name)
            record.package = record.tag.upperBound..<entry.count
        }
        let messageStart = entry.count
        if message.isEmpty, !arguments.isEmpty {
            let text = arguments.count == 1 ? arguments[0] : "[" + arguments.joined(separator: ",") + "]"
            entry.append(contentsOf: text.utf8)
            record.message = messageStart..<entry.count
            reader.read(entry: record, in: entry.span, number: number, emit: emit)
            return
        }
        var start = message.lowerBound
        while true {
            let end = bytes.extracting(start..<message.upperBound).firstIndex(of: .newline).map { start + $0 } ?? message.upperBound
            entry.removeLast(entry.count - messageStart)
            entry.append(bytes.extracting(start..<end).droppingCarriageReturn())
            record.message = messageStart..<entry.count
            reader.read(entry: record, in: entry.span, number: number, emit: emit)
            guard end < message.upperBound else { return }
            start = end + 1
        }
    }

    /// The process's name as the trace gives it (empty when it names none).
    private mutating func name(of pid: Int32, _ processes: PerfettoProcesses) -> [UInt8] {
        guard pid >= 0, Int(pid) < Self.directPids else {
            if let name = otherNames[pid] { return name }
            let name = Array((processes.name(of: pid) ?? "").utf8)
            otherNames[pid] = name
            return name
        }
        let slot = nameSlots[Int(pid)]
        if slot > 0 { return nameTable[Int(slot) - 1] }
        nameTable.append(Array((processes.name(of: pid) ?? "").utf8))
        nameSlots[Int(pid)] = Int32(nameTable.count)
        return nameTable[nameTable.count - 1]
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
