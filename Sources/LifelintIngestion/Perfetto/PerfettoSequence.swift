@_spi(Bytes) import LifelintBytes

/// What a packet sequence (one writer, `trusted_packet_sequence_id`) lets its packets leave
/// out: interned event names, the default track and clock. Cleared when a packet says its
/// incremental state was cleared, as after a writer's buffer wrapped.
struct PerfettoSequence {
    private(set) var eventNames: [UInt64: String] = [:]
    private(set) var defaultTrack: UInt64?
    private(set) var defaultClock: UInt64?

    mutating func clear() {
        eventNames.removeAll(keepingCapacity: true)
    }

    /// `InternedData`: the event names it adds (`event_names {iid, name}`).
    mutating func intern(_ bytes: Span<UInt8>) throws(ProtoWireError) {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.InternedData.eventNames, field.isMessage else { continue }
            let entry = bytes.extracting(field.range)
            var iid: UInt64?
            var name: String?
            var members = ProtoFieldReader(entry)
            while let member = try members.next() {
                switch member.number {
                case PerfettoField.InternedData.iid: iid = member.value
                case PerfettoField.InternedData.name where member.isMessage: name = entry.text(member.range)
                default: break
                }
            }
            if let iid, let name { eventNames[iid] = name }
        }
    }

    /// `TracePacketDefaults`: the clock (`timestamp_clock_id`) and the track events' track
    /// (`track_event_defaults.track_uuid`).
    mutating func readDefaults(_ bytes: Span<UInt8>) throws(ProtoWireError) {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.Defaults.timestampClockID: defaultClock = field.value
            case PerfettoField.Defaults.trackEventDefaults where field.isMessage:
                var members = ProtoFieldReader(bytes.extracting(field.range))
                while let member = try members.next() {
                    if member.number == PerfettoField.TrackEvent.trackUUID { defaultTrack = member.value }
                }
            default: break
            }
        }
    }
}
