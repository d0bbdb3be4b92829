@_spi(Bytes) import LifelintBytes

/// The ftrace bundles of a block of packets decoded on any core (decision 0051), which the
/// reader then takes in order instead of decoding them itself: decoding a bundle needs nothing
/// the packets before it said, and is most of the work in a trace recorded with atrace.
struct PerfettoDecodedBundles {
    private var markers: [PerfettoMarker] = []
    /// Where each bundle's markers end in `markers`.
    private var bundleEnds: [Int] = []

    mutating func removeAll() {
        markers.removeAll(keepingCapacity: true)
        bundleEnds.removeAll(keepingCapacity: true)
    }

    /// Decodes the bundles of `packet` (its top-level ftrace fields, in order): the numbers of
    /// its bundles, or nil when the packet does not parse, which the reader then reads itself
    /// to report it as one core would.
    mutating func decode(packet: Span<UInt8>, _ record: ProtoRecordStream.Record) -> Range<Int>? {
        let (firstMarker, firstBundle) = (markers.count, bundleEnds.count)
        do throws(ProtoWireError) {
            var fields = ProtoFieldReader(packet)
            while let field = try fields.next() {
                guard field.number == PerfettoField.Packet.ftraceEvents, field.isMessage else { continue }
                try PerfettoFtraceBundle.read(packet.extracting(field.range), record: record.ordinal, byteOffset: record.offset) { markers.append($0) }
                bundleEnds.append(markers.count)
            }
        } catch {
            markers.removeSubrange(firstMarker...)
            bundleEnds.removeSubrange(firstBundle...)
            return nil
        }
        return firstBundle..<bundleEnds.count
    }

    /// The markers of bundle `index`, in the order the bundle holds them.
    func markers(ofBundle index: Int) -> ArraySlice<PerfettoMarker> {
        markers[(index == 0 ? 0 : bundleEnds[index - 1])..<bundleEnds[index]]
    }

    /// One packet's bundles, taken one by one as its fields are read.
    struct Packet {
        let decoded: PerfettoDecodedBundles
        var bundles: Range<Int>

        /// The next bundle's markers; nil when the packet has no more.
        mutating func next() -> ArraySlice<PerfettoMarker>? {
            guard let index = bundles.first else { return nil }
            bundles = bundles.dropFirst()
            return decoded.markers(ofBundle: index)
        }
    }
}
