@_spi(Bytes) import LifelintBytes

/// The tracks track events are on (`TrackDescriptor`): a thread's (its pid and tid) or a
/// process's (its pid), by uuid.
struct PerfettoTracks {
    private var owners: [UInt64: (pid: Int32, tid: Int32?)] = [:]

    mutating func read(descriptor bytes: Span<UInt8>) throws(ProtoWireError) {
        var uuid: UInt64?
        var owner: (pid: Int32, tid: Int32?)?
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.TrackDescriptor.uuid: uuid = field.value
            case PerfettoField.TrackDescriptor.thread where field.isMessage:
                owner = try Self.owner(bytes.extracting(field.range), pid: PerfettoField.TrackDescriptor.threadPid, tid: PerfettoField.TrackDescriptor.threadTid)
            case PerfettoField.TrackDescriptor.process where field.isMessage:
                if owner == nil { owner = try Self.owner(bytes.extracting(field.range), pid: PerfettoField.TrackDescriptor.processPid, tid: nil) }
            default: break
            }
        }
        if let uuid, let owner { owners[uuid] = owner }
    }

    func owner(of uuid: UInt64) -> (pid: Int32, tid: Int32?)? { owners[uuid] }

    private static func owner(_ bytes: Span<UInt8>, pid pidField: Int, tid tidField: Int?) throws(ProtoWireError) -> (pid: Int32, tid: Int32?)? {
        var pid: Int32?
        var tid: Int32?
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            if field.number == pidField { pid = Int32(truncatingIfNeeded: field.int64) }
            if field.number == tidField { tid = Int32(truncatingIfNeeded: field.int64) }
        }
        return pid.map { ($0, tid) }
    }
}
