@_spi(Bytes) import LifelintBytes
import LifelintModel

/// debuggerd's protobuf tombstone (`tombstone_NN.pb`, Android 12 and later, beside the text;
/// docs/formats.md §21): the `Tombstone` message of AOSP's `tombstone.proto`. Recognised by
/// how every writer opens it: the architecture, then the build fingerprint.
struct TombstoneProtoFormat: TraceFormat {
    static let title = "a protobuf tombstone"
    static let fileExtensions: [String] = []
    static let reportsDeathsOnly = true

    /// `Tombstone`'s field numbers, and those of the messages it holds that are read.
    private enum Field {
        static let architecture = 1
        static let buildFingerprint = 2
        static let timestamp = 4
        static let pid = 5
        static let tid = 6
        static let commandLine = 9
        static let signalInfo = 10
        static let abortMessage = 14
        static let causes = 15
        static let threads = 16
        /// `Signal`: number, name, code name.
        static let signalNumber = 1
        static let signalName = 2
        static let signalCodeName = 4
        /// `Cause.human_readable`; a map entry's key and value; `Thread.name`.
        static let causeText = 1
        static let mapKey = 1
        static let mapValue = 2
        static let threadName = 2
    }

    init?(recognising head: TraceHead) {
        guard head.withBytes(Self.opensTombstone) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try input.withRest(after: head, limit: TombstoneTextFormat.maximumSize) { bytes, unread in
            var summary = IngestionSummary(path: input.path, format: "protobuf tombstone")
            summary.unit = "records"
            summary.bytes = bytes.count
            summary.lines = 1
            do throws(ProtoWireError) {
                if let event = try Self.tombstone(bytes.span).event(path: input.path) {
                    emit(event)
                    summary.events = 1
                    summary.eventLines = 1
                }
            } catch {
                summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: 1), message: "not a whole tombstone: \(error)"))
            }
            if let unread { summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: 1), message: unread)) }
            return summary
        }
    }

    static func tombstone(_ bytes: Span<UInt8>) throws(ProtoWireError) -> Tombstone {
        var tombstone = Tombstone()
        var threads: [Int32: String] = [:]
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            let value = bytes.extracting(field.isMessage ? field.range : 0..<0)
            switch field.number {
            case Field.buildFingerprint: tombstone.release = Tombstone.release(fromFingerprint: value.text)
            case Field.timestamp: tombstone.timestamp = value.text
            case Field.pid: tombstone.pid = Int32(truncatingIfNeeded: field.int64)
            case Field.tid: tombstone.tid = Int32(truncatingIfNeeded: field.int64)
            case Field.commandLine: tombstone.process = tombstone.process ?? value.text
            case Field.signalInfo: try readSignal(value, into: &tombstone)
            case Field.abortMessage: tombstone.abortMessage = value.text
            case Field.causes where tombstone.cause == nil: tombstone.cause = try string(Field.causeText, in: value)
            case Field.threads:
                let thread = try thread(value)
                if let thread { threads[thread.tid] = thread.name }
            default: break
            }
        }
        tombstone.thread = tombstone.tid.flatMap { threads[$0] }
        return tombstone
    }

    private static func readSignal(_ bytes: Span<UInt8>, into tombstone: inout Tombstone) throws(ProtoWireError) {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case Field.signalNumber: tombstone.signal = field.int
            case Field.signalName where field.isMessage: tombstone.signalName = bytes.text(field.range)
            case Field.signalCodeName where field.isMessage: tombstone.codeName = bytes.text(field.range)
            default: break
            }
        }
    }

    /// A `threads` map entry: the thread's id and name.
    private static func thread(_ bytes: Span<UInt8>) throws(ProtoWireError) -> (tid: Int32, name: String)? {
        var tid: Int32?
        var name: String?
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            if field.number == Field.mapKey { tid = Int32(truncatingIfNeeded: field.int64) }
            if field.number == Field.mapValue, field.isMessage { name = try string(Field.threadName, in: bytes.extracting(field.range)) }
        }
        guard let tid, let name else { return nil }
        return (tid, name)
    }

    private static func string(_ number: Int, in bytes: Span<UInt8>) throws(ProtoWireError) -> String? {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            if field.number == number, field.isMessage { return bytes.text(field.range) }
        }
        return nil
    }

    /// Whether the bytes open as every tombstone writer opens one: the architecture (omitted
    /// when it is 32-bit ARM, proto3's default), then a build fingerprint
    /// (`brand/product/device:release/id/incremental:type/tags`).
    static func opensTombstone(_ bytes: Span<UInt8>) -> Bool {
        var start = 0
        if bytes.first == 0x08 {
            guard bytes.count > 2, bytes[1] <= 5 else { return false }
            start = 2
        }
        guard bytes.count > start + 2, bytes[start] == 0x12, let length = ProtoFieldReader.varint(at: start + 1, in: bytes) else { return false }
        let textStart = start + 1 + length.length
        guard length.value >= 8, length.value <= 256, Int(length.value) <= bytes.count - textStart else { return false }
        let fingerprint = bytes.extracting(textStart..<textStart + Int(length.value))
        var slashes = 0
        var colons = 0
        for index in fingerprint.indices {
            let byte = fingerprint[index]
            guard byte > 0x20, byte < 0x7F else { return false }
            if byte == .slash { slashes += 1 }
            if byte == UInt8(ascii: ":") { colons += 1 }
        }
        return slashes >= 4 && colons >= 2
    }
}
