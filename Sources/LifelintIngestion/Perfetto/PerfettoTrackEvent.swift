@_spi(Bytes) import LifelintBytes

/// A track event (`TrackEvent`) as a marker: a slice's begin or end, or an instant, on its
/// track, named directly or by an interned name of its sequence; or ActivityManager's account
/// of a process's start or death, for the process it names. Counters and events on tracks no
/// descriptor gave a process are not read.
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
            case PerfettoField.TrackEvent.processStartEvent where field.isMessage,
                PerfettoField.TrackEvent.processDiedEvent where field.isMessage:
                let started = field.number == PerfettoField.TrackEvent.processStartEvent
                return try processMarker(bytes.extracting(field.range), started: started, time: time, record: record, byteOffset: byteOffset)
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

    /// `AndroidProcessStartEvent` or `AndroidProcessDiedEvent`: the process it names, not the
    /// system_server thread whose track it is on.
    private static func processMarker(
        _ bytes: Span<UInt8>, started: Bool, time: Int64, record: Int, byteOffset: Int64
    ) throws(ProtoWireError) -> PerfettoMarker? {
        var pid: Int32?
        var process: String?
        var reason = 0
        var importance: Int?
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.AndroidProcessEvent.pid: pid = Int32(truncatingIfNeeded: field.int64)
            case PerfettoField.AndroidProcessEvent.processName where field.isMessage: process = bytes.text(field.range)
            case PerfettoField.AndroidProcessEvent.diedReason where !started: reason = field.int
            case PerfettoField.AndroidProcessEvent.diedImportance where !started: importance = field.int
            default: break
            }
        }
        guard let pid, let process, !process.isEmpty else { return nil }
        let kind: PerfettoMarker.Kind = started ? .systemProcessStart(process: process) : .systemProcessDeath(process: process, reason: reason, importance: importance)
        return PerfettoMarker(time: time, pid: pid, tid: pid, kind: kind, record: record, byteOffset: byteOffset)
    }
}
