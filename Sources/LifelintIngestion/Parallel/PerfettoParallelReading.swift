@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A Perfetto trace read on several cores (decision 0051): its records are cut into blocks in
/// turn (`PerfettoPacketCutter`), each block's ftrace bundles are decoded on any core
/// (`PerfettoDecodedBundles`), and the one reader reads the packets in order, taking each
/// bundle decoded, so what it makes of them is what one core would make. What the blocks stop
/// short of (a record that is not whole or not well framed, a failed read) is read on from
/// there on one core.
enum PerfettoParallelReading {
    /// One block's records and their decoded bundles. Owned by one thread at a time, handed over
    /// by the pipeline.
    final class Block: @unchecked Sendable {
        var bytes: [UInt8] = []
        var count = 0
        var placed: [PerfettoPacketCutter.Placed] = []
        /// Each record's bundles in `decoded`; nil for a packet the reader reads itself.
        var bundles: [Range<Int>?] = []
        var decoded = PerfettoDecodedBundles()

        /// Cuts block `index` in its turn, then decodes its packets' bundles (outside the turn).
        func fill(index: Int, cutter: PerfettoPacketCutter) {
            cutter.cut(index: index, into: &bytes, count: &count, placed: &placed)
            decoded.removeAll()
            bundles.removeAll(keepingCapacity: true)
            for record in placed {
                let packet = bytes.span.extracting(record.payload)
                bundles.append(record.record.number == PerfettoField.packet ? decoded.decode(packet: packet, record.record) : nil)
            }
        }
    }

    /// Reads the trace `source` holds after `head` into `reader`, on `workers` threads; returns
    /// the bytes read and what stopped the records before the stream's end, as
    /// `PerfettoTraceReader.read(_:emit:)` does on one core.
    static func read(
        _ reader: inout PerfettoTraceReader, source: any ByteSource, head: [UInt8], workers: Int, blockSize: Int, emit: EventSink
    ) -> (bytes: Int64, failure: ProtoRecordStream.Failure?) {
        let cutter = PerfettoPacketCutter(source: source, unread: head, blockSize: blockSize, window: OrderedBlockPipeline.window(threads: workers))
        OrderedBlockPipeline.run(
            count: Int.max, threads: workers, makeBlock: { Block() }, makeState: {},
            fill: { block, index, _ in block.fill(index: index, cutter: cutter) },
            take: { block in
                guard !block.placed.isEmpty else { return false }
                for (place, bundles) in zip(block.placed, block.bundles) where place.record.number == PerfettoField.packet {
                    let decoded = bundles.map { PerfettoDecodedBundles.Packet(decoded: block.decoded, bundles: $0) }
                    reader.read(packet: block.bytes.span.extracting(place.payload), place.record, decoded: decoded, emit: emit)
                }
                return true
            })
        var rest = ProtoRecordStream(source: cutter.rest(), initial: [], offset: cutter.offset, recordsBefore: cutter.records)
        let failure = reader.read(&rest, emit: emit)
        return (rest.bytesRead, failure)
    }
}
