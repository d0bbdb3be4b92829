@_spi(Bytes) import LifelintBytes

/// A track event (`TrackEvent`) as a marker: a slice's begin or end, or an instant, on its
/// track, named directly or by an interned name of its sequence. Counters and events on tracks
/// no descriptor gave a process are not read.
enum PerfettoTrackEvent {
    static func marker(
        _ bytes: Span<UInt8>, time: Int64, sequence: PerfettoSequence, tracks: PerfettoTracks, trustedPid: Int32?, record: Int, byteOffset: Int64
    ) throws(ProtoWireError) -> PerfettoMarker? {
        var type: UInt64?
        var name: String?
        var nameID: UInt64?
        var track = sequence.defaultTrack
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.TrackEvent.type: type = field.value
            case PerfettoField.TrackEvent.name where field.isMessage: name = bytes.text(field.range)
            case PerfettoField.TrackEvent.nameIID: nameID = field.value
            case PerfettoField.TrackEvent.trackUUID: track = field.value
            default: break
            }
        }
        let resolved = name ?? nameID.flatMap { sequence.eventNames[$0] } ?? ""
        let kind: PerfettoMarker.Kind
        switch type {
        case PerfettoField.TrackEvent.typeBegin: kind = .begin(resolved)
        case PerfettoField.TrackEvent.typeEnd: kind = .end
        case PerfettoField.TrackEvent.typeInstant: kind = .instant(resolved)
        default: return nil
        }
        let owner = track.flatMap(tracks.owner(of:))
        guard let pid = owner?.pid ?? trustedPid else { return nil }
        var marker = PerfettoMarker(time: time, pid: pid, tid: owner?.tid ?? pid, kind: kind, record: record, byteOffset: byteOffset)
        marker.track = track ?? 0
        return marker
    }
}
