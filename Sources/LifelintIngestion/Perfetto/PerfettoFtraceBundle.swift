@_spi(Bytes) import LifelintBytes

/// The ftrace events of one bundle that lifelint reads: atrace markers written through
/// `print` (the framework's lifecycle slices, the app's `lifelint:` markers, and every other
/// begin and end, which slices need to pair), the exit of a process's main thread, and the
/// kernel's low-memory kills. Other events (scheduling, the compact scheduler format) are
/// skipped by their length.
enum PerfettoFtraceBundle {
    /// Hands `add` the bundle's markers in the order they are in it.
    static func read(_ bytes: Span<UInt8>, record: Int, byteOffset: Int64, _ add: (PerfettoMarker) -> Void) throws(ProtoWireError) {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.Ftrace.event, field.isMessage else { continue }
            guard let (time, tid, kind, pid) = try event(bytes.extracting(field.range)) else { continue }
            add(PerfettoMarker(time: time, pid: pid, tid: tid, kind: kind, record: record, byteOffset: byteOffset))
        }
    }

    private static func event(_ bytes: Span<UInt8>) throws(ProtoWireError) -> (Int64, Int32, PerfettoMarker.Kind, Int32)? {
        var time: Int64?
        var tid: Int32 = 0
        var found: (PerfettoMarker.Kind, Int32?)?
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.Ftrace.timestamp: time = field.int64
            case PerfettoField.Ftrace.pid: tid = Int32(truncatingIfNeeded: field.int64)
            case PerfettoField.Ftrace.print where field.isMessage: found = try marker(bytes.extracting(field.range))
            case PerfettoField.Ftrace.schedProcessExit where field.isMessage: found = try processExit(bytes.extracting(field.range))
            case PerfettoField.Ftrace.lowmemoryKill where field.isMessage: found = try lowMemoryKill(bytes.extracting(field.range))
            default: continue
            }
        }
        guard let time, let (kind, pid) = found else { return nil }
        return (time, tid, kind, pid ?? tid)
    }

    /// `B|4242|activityStart`, `E|4242` (or `E`), `I|4242|lifelint:persist.begin`, and lmkd's
    /// kills in each form it has written (`N|lmkd|lowmemorykiller|lmk,<pid>,<reason>,<adj>`,
    /// `B|lmkd|lmk,<pid>,…`, the counter `C|lmkd|kill_one_process|<pid>`); other counters and
    /// async slices are not read.
    private static func marker(_ bytes: Span<UInt8>) throws(ProtoWireError) -> (PerfettoMarker.Kind, Int32?)? {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.Ftrace.printBuffer, field.isMessage else { continue }
            return AtraceMarkerText.parse(bytes: bytes.extracting(field.range))
        }
        return nil
    }

    /// `sched_process_exit` of a process's main thread (its pid is its tgid).
    private static func processExit(_ bytes: Span<UInt8>) throws(ProtoWireError) -> (PerfettoMarker.Kind, Int32?)? {
        guard let pid = try varint(PerfettoField.Ftrace.processExitPid, in: bytes) else { return nil }
        guard pid == (try varint(PerfettoField.Ftrace.processExitTgid, in: bytes) ?? pid) else { return nil }
        return (.processExit, Int32(truncatingIfNeeded: pid))
    }

    /// `lowmemory_kill`'s pid (2).
    private static func lowMemoryKill(_ bytes: Span<UInt8>) throws(ProtoWireError) -> (PerfettoMarker.Kind, Int32?)? {
        try varint(2, in: bytes).map { (.lowMemoryKill, Int32(truncatingIfNeeded: $0)) }
    }

    /// The first varint field `number` of a message.
    private static func varint(_ number: Int, in bytes: Span<UInt8>) throws(ProtoWireError) -> Int64? {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            if field.number == number, field.wireType == .varint { return field.int64 }
        }
        return nil
    }
}
