@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A Perfetto trace (docs/formats.md §17): `Trace`'s repeated `packet = 1`, each
/// length-delimited, read packet by packet with memory bounded by the largest packet. Recognised
/// by its first packet: a length-delimited field 1 whose payload is a whole protobuf message
/// with a packet's sequence id, timestamp or uid, as every writer's first packet has.
struct PerfettoTraceFormat: TraceFormat {
    static let title = "a Perfetto trace"
    static let fileExtensions = ["perfetto-trace", "pftrace"]

    init?(recognising head: TraceHead) {
        guard head.withBytes(Self.opensWithPacket) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var reader = PerfettoTraceReader(path: input.path, mappings: options.mappings, besideLogcat: options.readsBesideLogcat)
        let (bytes, failure): (Int64, ProtoRecordStream.Failure?)
        if let plan = ParallelPlan(input, options: options) {
            (bytes, failure) = PerfettoParallelReading.read(
                &reader, source: input.byteSource, head: head, workers: plan.workers, blockSize: plan.blockSize, emit: emit)
        } else {
            var stream = ProtoRecordStream(source: input.byteSource, initial: head)
            failure = reader.read(&stream, emit: emit)
            bytes = stream.bytesRead
        }
        reader.finish(emit: emit)
        var summary = reader.summary
        summary.bytes = Int(clamping: failure?.framingBreak ?? bytes)
        if let failure {
            summary.report(IngestionProblem(location: SourceLocation(path: input.path, record: summary.lines + 1, byteOffset: failure.offset), message: failure.message))
        }
        return summary
    }

    /// Whether the bytes open with a packet: key `0x0A`, a length, and (as far as the head
    /// holds it) a message whose fields parse and include a varint sequence id (10), timestamp
    /// (8) or trusted uid (3), or compressed packets (50).
    static func opensWithPacket(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count > 2, bytes[0] == 0x0A, let length = ProtoFieldReader.varint(at: 1, in: bytes) else { return false }
        let start = 1 + length.length
        guard length.value > 0, length.value <= UInt64(bytes.count - start) else { return false }
        var fields = ProtoFieldReader(bytes.extracting(start..<start + Int(length.value)))
        var identified = false
        do throws(ProtoWireError) {
            while let field = try fields.next() {
                if field.wireType == .varint, [3, 8, 10].contains(field.number) { identified = true }
                if field.wireType == .lengthDelimited, field.number == PerfettoField.Packet.compressedPackets { identified = true }
            }
        } catch {
            return false
        }
        return identified
    }
}
