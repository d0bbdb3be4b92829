@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads a Perfetto trace's packets in order (docs/formats.md §17): clock snapshots, the process
/// tree and package list time and name what they see; log packets go through a logcat reader;
/// ftrace markers become the framework's lifecycle slices, the app's own events and process
/// ends. Markers are paired in time order, and every event goes out in time order, named by
/// the process table as it stands when the event leaves (a trace names processes late). Events
/// cite their packet and its byte offset.
struct PerfettoTraceReader {
    /// How long markers wait for the other CPUs' bundles, and events for the markers' events.
    static let markerWindow: Int64 = 5_000_000_000
    static let eventWindow: Int64 = 2 * markerWindow

    private let path: String
    private var clocks = PerfettoClocks()
    private var processes = PerfettoProcesses()
    private var logs = PerfettoLogPacket()
    private var logcat: LogcatTextReader
    private var markers = PerfettoTimeQueue<PerfettoMarker>(window: markerWindow)
    private var outgoing = PerfettoTimeQueue<Event>(window: eventWindow)
    private var sequences: [UInt64: PerfettoSequence] = [:]
    private var tracks = PerfettoTracks()
    /// Slices nest per thread in ftrace, per track in track events.
    private var slices = FrameworkSlices()
    private var trackSlices = FrameworkSlices()
    private var eventPackets = Set<Int>()
    private var latest: Timestamp?
    /// The device's UTC offset in seconds, once the trace's system info states it: times are
    /// written with it (the same instants, shown as the device's local time).
    private var deviceUTCOffset: Int32?
    /// Each pid's last activity callback a log packet reported (the events buffer's
    /// `wm_on_*_called`), and when: the framework's slice of the same callback says it again.
    private var loggedCallbacks: [Int32: (name: EventName, time: Int64)] = [:]
    /// How many such log lines of each pid wait in `outgoing`: a slice's event looks for one
    /// there only when there is one (a trace without log packets has none).
    private var loggedCallbacksWaiting: [Int32: Int] = [:]
    /// How far apart a callback's log line and its slice's end may be.
    static let callbackMatchWindow: Int64 = 1_000_000_000
    /// Read beside a logcat that holds the same logs and callbacks: log packets and lifecycle
    /// slices are left to it.
    private let besideLogcat: Bool
    private(set) var summary: IngestionSummary

    init(path: String, mappings: [LineMapping], besideLogcat: Bool = false) {
        self.path = path
        self.besideLogcat = besideLogcat
        logcat = LogcatTextReader(path: path, feeding: .studioNew, mappings: mappings)
        summary = IngestionSummary(path: path, format: "perfetto")
        summary.unit = "packets"
    }

    /// One packet; a packet that breaks the wire format is reported and the rest still read.
    /// `decoded`: its ftrace bundles, decoded on another core (`PerfettoDecodedBundles`).
    mutating func read(packet bytes: Span<UInt8>, _ record: ProtoRecordStream.Record, decoded: PerfettoDecodedBundles.Packet? = nil, emit: EventSink) {
        summary.lines = record.ordinal
        var decoded = decoded
        do throws(ProtoWireError) {
            try readFields(bytes, at: SourceLocation(path: path, record: record.ordinal, byteOffset: record.offset), decoded: &decoded)
        } catch {
            report("a packet that is not protobuf: \(error) (byte \(Int64(error.offset) + record.offset))", record)
        }
        release(emit: emit)
    }

    /// The packets of `stream`, to its end or to what stops it, which it returns.
    mutating func read(_ stream: inout ProtoRecordStream, emit: EventSink) -> ProtoRecordStream.Failure? {
        stream.forEach { record, packet in
            guard record.number == PerfettoField.packet else { return }
            read(packet: packet, record, emit: emit)
        }
    }

    mutating func finish(emit: EventSink) {
        releaseMarkers(draining: true)
        var held: [Event] = []
        logcat.finish(emit: { held.append($0) })
        for event in held { queue(event) }
        release(draining: true, emit: emit)
        summary.eventLines = eventPackets.count
        summary.logLines = summary.lines - summary.eventLines
        summary.clockEnd = latest
        summary.labels = logcat.summary.labels
        summary.unnamedProcesses = logcat.summary.unnamedProcesses
        summary.timesAreUTC = true
        summary.deviceUTCOffsetSeconds = deviceUTCOffset
    }

    private mutating func report(_ message: String, _ record: ProtoRecordStream.Record) {
        summary.report(IngestionProblem(location: SourceLocation(path: path, record: record.ordinal, byteOffset: record.offset), message: message))
    }

    /// What a packet says of itself, read before its payload: its writer's sequence, time
    /// and clock, whether the sequence's state starts again, and its trusted pid.
    private struct Header {
        var sequence: UInt64 = 0
        var time: Int64?
        var clock: UInt64?
        var cleared = false
        var trustedPid: Int32?
    }

    private mutating func readFields(_ bytes: Span<UInt8>, at location: SourceLocation, decoded: inout PerfettoDecodedBundles.Packet?) throws(ProtoWireError) {
        let header = try readHeader(bytes)
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.isMessage else { continue }
            let payload = bytes.extracting(field.range)
            switch field.number {
            case PerfettoField.Packet.clockSnapshot:
                try clocks.read(snapshot: payload)
            case PerfettoField.Packet.processTree:
                try processes.read(processTree: payload)
            case PerfettoField.Packet.packagesList:
                try processes.read(packagesList: payload)
            case PerfettoField.Packet.trackDescriptor:
                try tracks.read(descriptor: payload)
            case PerfettoField.Packet.systemInfo:
                try readSystemInfo(payload)
            case PerfettoField.Packet.androidLog where !besideLogcat:
                var read: [Event] = []
                try logs.read(payload, processes: processes, into: &logcat, record: location.line) { read.append($0) }
                for var event in read {
                    event.source.byteOffset = location.byteOffset
                    queue(event)
                }
            case PerfettoField.Packet.ftraceEvents:
                if let bundle = decoded?.next() {
                    markers.insert(contentsOf: bundle, time: \.time)
                } else {
                    try readBundle(payload, at: location)
                }
                releaseMarkers()
            case PerfettoField.Packet.trackEvent:
                try readTrackEvent(payload, header, at: location)
            case PerfettoField.Packet.compressedPackets:
                readCompressed(payload, at: location)
            default:
                continue
            }
        }
    }

    /// An ftrace bundle's markers, as far as they parse: those before a break are kept.
    private mutating func readBundle(_ payload: Span<UInt8>, at location: SourceLocation) throws(ProtoWireError) {
        var bundle: [PerfettoMarker] = []
        defer { markers.insert(contentsOf: bundle, time: \.time) }
        try PerfettoFtraceBundle.read(payload, record: location.line, byteOffset: location.byteOffset ?? 0) { bundle.append($0) }
    }

    /// The packet's header fields, and what it adds to its sequence's state.
    private mutating func readHeader(_ bytes: Span<UInt8>) throws(ProtoWireError) -> Header {
        var header = Header()
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            switch field.number {
            case PerfettoField.Packet.trustedPacketSequenceID: header.sequence = field.value
            case PerfettoField.Packet.timestamp: header.time = field.int64
            case PerfettoField.Packet.timestampClockID: header.clock = field.value
            case PerfettoField.Packet.sequenceFlags: header.cleared = header.cleared || field.value & PerfettoField.incrementalStateClearedFlag != 0
            case PerfettoField.Packet.incrementalStateCleared: header.cleared = header.cleared || field.bool
            case PerfettoField.Packet.trustedPid: header.trustedPid = Int32(truncatingIfNeeded: field.int64)
            default: continue
            }
        }
        var sequence = sequences[header.sequence] ?? PerfettoSequence()
        if header.cleared { sequence.clear() }
        fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.isMessage else { continue }
            switch field.number {
            case PerfettoField.Packet.internedData: try sequence.intern(bytes.extracting(field.range))
            case PerfettoField.Packet.tracePacketDefaults: try sequence.readDefaults(bytes.extracting(field.range))
            default: continue
            }
        }
        sequences[header.sequence] = sequence
        return header
    }

    private mutating func readTrackEvent(_ payload: Span<UInt8>, _ header: Header, at location: SourceLocation) throws(ProtoWireError) {
        guard let time = header.time, let sequence = sequences[header.sequence] else { return }
        let bootTime = clocks.bootTime(time, clock: header.clock ?? sequence.defaultClock)
        guard
            let marker = try PerfettoTrackEvent.marker(
                payload, time: bootTime, sequence: sequence, tracks: tracks, trustedPid: header.trustedPid, record: location.line,
                byteOffset: location.byteOffset ?? 0)
        else { return }
        markers.insert(marker, at: marker.time)
    }

    private mutating func readSystemInfo(_ bytes: Span<UInt8>) throws(ProtoWireError) {
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            // An offset no clock has (beyond a day) is damage, not a zone.
            if field.number == PerfettoField.SystemInfo.timezoneOffsetMinutes, (-1_440...1_440).contains(field.int) { deviceUTCOffset = Int32(field.int * 60) }
        }
    }

    /// Packets compressed together (zlib), read as packets of the one that holds them.
    private mutating func readCompressed(_ payload: Span<UInt8>, at location: SourceLocation) {
        let source: InflatingSource
        do {
            source = try InflatingSource(PrefixedSource(payload.array, then: EmptySource()), format: .zlib)
        } catch {
            summary.report(IngestionProblem(location: location, message: "compressed packets that cannot be inflated: \(error.message)"))
            return
        }
        var inner = ProtoRecordStream(source: source, initial: [])
        let failure = inner.forEach { record, packet in
            guard record.number == PerfettoField.packet else { return }
            do throws(ProtoWireError) {
                var none: PerfettoDecodedBundles.Packet?
                try readFields(packet, at: location, decoded: &none)
            } catch {
                summary.report(IngestionProblem(location: location, message: "a compressed packet that is not protobuf: \(error)"))
            }
        }
        if let failure { summary.report(IngestionProblem(location: location, message: "compressed packets: \(failure.message)")) }
    }

    private mutating func queue(_ event: Event) {
        if let pid = Self.loggedCallbackPid(event) { loggedCallbacksWaiting[pid, default: 0] += 1 }
        outgoing.insert(event, at: event.time.nanoseconds)
    }

    /// The pid of a log line that reports an activity callback (it names the activity).
    private static func loggedCallbackPid(_ event: Event) -> Int32? {
        guard FrameworkSlices.isLifecycleEvent(event.name), event.attributes["component"] != nil else { return nil }
        return event.pid
    }

    private mutating func releaseMarkers(draining: Bool = false) {
        // One at a time, moved out: reading a marker never changes the markers' queue.
        while let marker = markers.popReleased(draining: draining) {
            if let event = read(marker) { queue(event) }
        }
    }

    /// Sends what the window lets go, named as the process table now names it.
    private mutating func release(draining: Bool = false, emit: EventSink) {
        var released: [Event] = []
        // All first: an event released is no longer among those `isLoggedTwice` looks at.
        while let event = outgoing.popReleased(draining: draining) {
            if let pid = Self.loggedCallbackPid(event) { loggedCallbacksWaiting[pid, default: 0] -= 1 }
            released.append(event)
        }
        // Reversed through the buffer and popped, so each event is moved, never copied.
        released.withUnsafeMutableBufferPointer { $0.reverse() }
        while var event = released.popLast() {
            if isLoggedTwice(event) { continue }
            if event.isNamedByPidOnly, let pid = event.pid, let name = processes.name(of: pid) {
                event.app = ProcessName.package(name)
                if event.attributes["package"] != nil { event.attributes["package"] = event.app }
            }
            if let deviceUTCOffset { event = event.stated(utcOffsetSeconds: deviceUTCOffset) }
            latest = max(latest ?? event.time, event.time)
            summary.events += 1
            eventPackets.insert(event.source.line)
            emit(event)
        }
    }

    /// A lifecycle slice's event when a log packet reports the same callback of the same pid
    /// (the events buffer's line, which names the activity): the line is kept. Records the
    /// log's callbacks as they go out.
    private mutating func isLoggedTwice(_ event: Event) -> Bool {
        guard FrameworkSlices.isLifecycleEvent(event.name), let pid = event.pid else { return false }
        let time = event.time.nanoseconds
        guard event.attributes["component"] == nil else {
            loggedCallbacks[pid] = (event.name, time)
            return false
        }
        let near = { (other: Int64) in abs(other - time) <= Self.callbackMatchWindow }
        if let logged = loggedCallbacks[pid], logged.name == event.name, near(logged.time) { return true }
        guard loggedCallbacksWaiting[pid, default: 0] > 0 else { return false }
        return outgoing.contains { $0.pid == pid && $0.name == event.name && $0.attributes["component"] != nil && near($0.time.nanoseconds) }
    }

    private mutating func read(_ marker: PerfettoMarker) -> Event? {
        let time = clocks.time(marker.time)
        let source = SourceLocation(path: path, record: marker.record, byteOffset: marker.byteOffset)
        let microseconds = Double(time.nanoseconds) / 1000
        // The app is named only for a marker that makes an event: most begin or end a slice.
        let (pid, tid) = (Int64(marker.pid), Int64(marker.tid))
        let nesting = marker.track.map { Int64(bitPattern: $0) } ?? tid
        switch marker.kind {
        case .begin(let name):
            // The app's own slice is an event, and still a slice its end closes.
            let appEvent = FrameworkSlices.appEvent(name, app: processes.app(of: marker.pid), pid: pid, tid: tid, at: microseconds, source)
            let slice = appEvent == nil && !name.isEmpty && FrameworkSlices.isFrameworkSlice(name) ? name : ""
            if marker.track == nil {
                slices.begin(slice, tid: nesting, at: microseconds)
            } else {
                trackSlices.begin(slice, tid: nesting, at: microseconds)
            }
            if let appEvent { return appEvent }
            guard name == FrameworkSlices.processStart else { return nil }
            return FrameworkSlices.processStartEvent(app: processes.app(of: marker.pid), pid: pid, tid: tid, at: microseconds, source)
        case .end:
            let ended = marker.track == nil ? slices.end(tid: nesting, at: microseconds) : trackSlices.end(tid: nesting, at: microseconds)
            guard let (event, duration) = ended, !besideLogcat else { return nil }
            return FrameworkSlices.lifecycleEvent(event, app: processes.app(of: marker.pid), pid: pid, tid: tid, end: microseconds, duration: duration, source)
        case .instant(let name):
            return FrameworkSlices.appEvent(name, app: processes.app(of: marker.pid), pid: pid, tid: tid, at: microseconds, source)
        case .processExit:
            guard processes.isApp(marker.pid) else { return nil }
            return death(app: processes.app(of: marker.pid), marker, time, ["reason": ProcessDeathReason.unknown.rawValue, "initiator": "unknown", "source": "ftrace"], source)
        case .lowMemoryKill:
            return death(app: processes.app(of: marker.pid), marker, time, ["reason": ProcessDeathReason.lowMemory.rawValue, "initiator": "system", "source": "ftrace"], source)
        case .systemProcessStart(let process):
            var attributes: Attributes = ["package": ProcessName.package(process), "source": "track-event"]
            if process != ProcessName.package(process) { attributes["process"] = process }
            return Event(time: time, app: ProcessName.package(process), pid: marker.pid, platform: .android, name: EventName.processStarted, attributes: attributes, source: source)
        case .systemProcessDeath(let process, let reason, let importance):
            var record = ExitInfoRecord(line: marker.record)
            record.fields["reason"] = ExitInfoRecord.reasonName(code: reason)
            let death = record.death
            var attributes: Attributes = ["reason": death.reason, "initiator": death.initiator.rawValue, "source": "track-event"]
            attributes["exit_reason"] = record.exitReason
            attributes["importance"] = importance.map(ExitInfoRecord.importanceName)
            if process != ProcessName.package(process) { attributes["process"] = process }
            return Event(time: time, app: ProcessName.package(process), pid: marker.pid, platform: .android, name: EventName.processDied, attributes: attributes, source: source)
        }
    }

    private func death(app: String, _ marker: PerfettoMarker, _ time: Timestamp, _ attributes: Attributes, _ source: SourceLocation) -> Event {
        Event(time: time, app: app, pid: marker.pid, platform: .android, name: EventName.processDied, attributes: attributes, source: source)
    }
}
