import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Turns parsed logcat lines into lifecycle events: the platform's own lines (events-buffer
/// activity callbacks, process starts and deaths, freezer, ANRs, binder failures) and the
/// app's instrumentation under the `lifelint` tag.
///
/// Only lines whose tag matters are ever turned into strings; everything else is decided by a
/// table lookup on bytes. Every event goes through `ProcessAttribution`, which names its pid
/// (from this line or a later one) before it leaves.
struct LogcatEventRecognizer {
    /// One line being recognised, with what every event from it shares.
    struct Line: ~Escapable {
        let bytes: Span<UInt8>
        let record: LogcatRecord
        let time: Timestamp
        let source: SourceLocation

        @_lifetime(copy bytes)
        init(bytes: Span<UInt8>, record: LogcatRecord, time: Timestamp, source: SourceLocation) {
            self.bytes = bytes
            self.record = record
            self.time = time
            self.source = source
        }

        var message: Substring { Substring(bytes.extracting(record.message).text) }
        var package: String? { record.package.map { bytes.text($0) } }
    }

    /// What one line sends on: its own new events (`produced` of them) and, before them, the
    /// held events of a process the line named.
    struct Output {
        var events: [Event] = []
        var produced = 0

        init() {}

        /// An output in the array of the last line's, emptied when its events were handed over:
        /// a new array per line that makes an event would be an allocation per event.
        init(reusing spare: inout [Event]) {
            swap(&events, &spare)
        }
    }

    /// The array `recognise` reuses for a line's events (`Output(reusing:)`).
    private var spareEvents: [Event] = []

    private let tags = LogcatTagTable()
    private var mappings: MappingTable
    var attribution = ProcessAttribution()
    /// The first start one device cannot have logged.
    private var firstInterleavedStart: InterleavedStart?
    /// Android Studio's process markers say the capture is of one device (its logcat window
    /// shows one), and their times are the line before's, not the start's.
    private var showsOneDevice = false
    var interleavedStart: InterleavedStart? { showsOneDevice ? nil : firstInterleavedStart }
    var requests = CallbackRequests()
    /// The pid of system_server (the ActivityManager lines' own pid): its binder failures and
    /// exceptions are not an app's saved state.
    var systemServerPid: Int32?
    /// The pid the current crash report named (`Process: com.app, PID: 1234`), for the
    /// report's lines that carry none (a paste without the logcat prefix).
    var lastCrashPid: Int32?
    /// The line where each package last crashed or had its activities force-finished: the
    /// system's timeouts on it just after say nothing about its callbacks.
    var finishing: [String: Sighting] = [:]
    /// The line where each package was last force-stopped or removed from recents: its
    /// activities' state is discarded by design, so the system's `proc died without state
    /// saved` just after says nothing of the app.
    var stateDiscarded: [String: Sighting] = [:]
    /// Evidence waiting for the next lines of its report (`HeldEvidence`).
    var held: HeldEvidence?
    /// A tombstone `DEBUG` is printing, until its header ends.
    var nativeCrash: NativeCrashReading?
    /// The tests `TestRunner` reported failing (or skipped on an assumption), until they finish.
    var testOutcomes: [String: String] = [:]

    /// When and where something was seen, to tell whether a later line is the same incident
    /// (`IncidentWindow`).
    struct Sighting {
        let time: Timestamp
        let line: Int

        init(_ line: Line) {
            self.init(time: line.time, line: line.source.line)
        }

        init(time: Timestamp, line: Int) {
            self.time = time
            self.line = line
        }

        func isSameIncident(as later: Line) -> Bool {
            IncidentWindow.contains(later.time, line: later.source.line, after: time, line: line)
        }
    }

    /// What a line needs, decided from its bytes alone: the common case is `.nothing`.
    enum Interest {
        case nothing
        case tagged(LogcatTag)
        /// No tag (raw and thread layouts, kernel lines): the message alone may say it.
        case untagged
        /// A warning or error under another tag: it may carry evidence such as an exception.
        case evidenceOnly
        /// Another tag's line that opens like a system message any tag may write.
        case systemWords
        /// A line one of the user's mappings (`.lifelint.json`) matched, decided on bytes.
        case mapped(MappingTable.Match)
        /// A `-v long` header whose tag a mapping names: its message lines are tested as they come.
        case mappedTag(String)
    }

    init(mappings: [LineMapping] = []) {
        self.mappings = MappingTable(mappings, container: .logcat)
    }

    /// `messageFollows`: a `-v long` header, whose message comes on the next lines.
    mutating func interest(in record: LogcatRecord, bytes: Span<UInt8>, hasTag: Bool, messageFollows: Bool = false) -> Interest {
        if !hasTag || record.tag.isEmpty { return .untagged }
        if let tag = tags.lookup(bytes, record.tag) { return .tagged(tag) }
        let tag = bytes.extracting(record.tag)
        if !mappings.isEmpty, mappings.mayMatch(tag: tag) {
            if messageFollows { return .mappedTag(tag.text) }
            if let match = mappings.match(tag: tag, message: bytes.extracting(record.message)) { return .mapped(match) }
        }
        if Self.catalogue.mayOpenUnderAnyTag(bytes.extracting(record.message)) { return .systemWords }
        return Self.mayCarryEvidence(record) ? .evidenceOnly : .nothing
    }

    /// Whether the unprefixed lines after an entry are read as more of its message: a
    /// crash's body, a warning's exception.
    static func readsContinuations(_ interest: Interest) -> Bool {
        switch interest {
        case .tagged(.system(.androidRuntime)), .evidenceOnly: true
        default: false
        }
    }

    /// Whether a line with this interest is part of a crash report (`AndroidRuntime`).
    static func continuesCrash(_ interest: Interest) -> Bool {
        if case .tagged(.system(.androidRuntime)) = interest { return true }
        return false
    }

    /// A warning, an error, an assertion, or a line whose layout gives no priority (a tag
    /// alone, a bare paste): the exceptions the catalogue finds inside text are looked for there.
    static func mayCarryEvidence(_ record: LogcatRecord) -> Bool {
        switch record.priority {
        case UInt8(ascii: "E"), UInt8(ascii: "W"), UInt8(ascii: "F"), UInt8(ascii: "A"), UInt8(ascii: "?"): true
        default: false
        }
    }

    /// Recognises one line; returns how many events it produced (zero when the line has no
    /// lifecycle meaning). Events may leave later, once their process is named.
    mutating func recognise(_ line: Line, _ interest: Interest, emit: EventSink) -> Int {
        if held == nil, case .nothing = interest { return 0 }
        var out = Output(reusing: &spareEvents)
        let settled = held != nil && settleHeld(line, &out)
        if !settled { recognise(line, interest, &out) }
        out.events.handOver(to: emit)
        spareEvents = out.events
        return out.produced
    }

    private mutating func recognise(_ line: Line, _ interest: Interest, _ out: inout Output) {
        if case .nothing = interest { return }
        if let pid = line.record.pid, line.record.package != nil, attribution.table.process(of: pid) == nil, let package = line.package {
            name(pid, package, &out)
        }
        switch interest {
        case .nothing: break
        case let .tagged(tag): recognise(line, tag: tag, &out)
        case .untagged:
            recogniseUntagged(line, &out)
            // Layouts without a tag (`raw`, `thread`) can still match mappings that name none.
            if out.produced == 0, !mappings.isEmpty,
                let match = mappings.match(tag: Span(), message: line.bytes.extracting(line.record.message))
            {
                add(appEvent(EventName(match.event), match.attributes, platform: match.platform, line), &out)
            }
        case .evidenceOnly: recogniseEmbedded(line, &out)
        case .systemWords: recogniseUnderAnyTag(line, &out)
        case let .mapped(match):
            add(appEvent(EventName(match.event), match.attributes, platform: match.platform, line), &out)
        case let .mappedTag(tag):
            recogniseMapped(line, tag: tag, &out)
            if out.produced == 0, Self.mayCarryEvidence(line.record) { recogniseEmbedded(line, &out) }
        }
    }

    /// Android Studio's `---- PROCESS STARTED (2155) for package com.app ----` and
    /// `---- PROCESS ENDED (2155) for package com.app ----` markers.
    mutating func recogniseStudioProcessMarker(
        _ bytes: Span<UInt8>, time: Timestamp, source: SourceLocation, emit: EventSink
    ) -> Int {
        let text = bytes.text
        let isStart = text.contains(" PROCESS STARTED (")
        guard isStart || text.contains(" PROCESS ENDED ("),
            let open = text.firstIndex(of: "("), let pid = Self.leadingInt32(text[text.index(after: open)...]),
            let packageRange = text.range(of: "for package ")
        else { return 0 }
        let package = Substring(text[packageRange.upperBound...].prefix { $0 != " " })
        let line = Line(bytes: bytes, record: LogcatRecord(pid: pid), time: time, source: source)
        var out = Output()
        if isStart {
            showsOneDevice = true
            started(pid: pid, process: package, attributes: ["package": String(package)], line, &out)
        } else {
            died(pid: pid, process: package, reason: .unknown, detail: "process ended", line, &out)
        }
        out.events.handOver(to: emit)
        return out.produced
    }

    /// A blank line, or another tag's entry: a crash report's block is over.
    mutating func endEntry() {
        lastCrashPid = nil
    }

    /// Sends on what is still held when the trace ends, under `pid N`.
    mutating func finish(emit: EventSink) {
        var out = Output()
        finishNativeCrash(&out)
        releaseHeld(&out)
        out.events.handOver(to: emit)
        attribution.finish(emit: emit)
    }

    // MARK: Tagged lines

    private mutating func recognise(_ line: Line, tag: LogcatTag, _ out: inout Output) {
        switch tag {
        case let .system(writer): recogniseSystemLine(line, writer: writer, &out)
        case .instrumentation: recogniseInstrumentation(line, line.message, &out)
        case .flutter: recogniseFlutter(line, &out)
        case .reactNativeJS: recogniseReactNative(line, &out)
        case .nativeCrash: recogniseNativeCrash(line, &out)
        case .testRunner: recogniseTestBoundary(line, &out)
        default:
            if let payload = EventLogPayload(line.message) { recogniseEventLog(line, tag, payload, &out) }
        }
        if out.produced == 0, Self.mayCarryEvidence(line.record) { recogniseEmbedded(line, &out) }
    }

    private mutating func recogniseInstrumentation(_ line: Line, _ message: Substring, _ out: inout Output) {
        guard let parsed = InstrumentationMessage.parse(message) else { return }
        add(appEvent(parsed.name, parsed.attributes, platform: nil, line), &out)
    }

    /// A Flutter app's line: a lifecycle state, or instrumentation it printed (`lifelint: …`).
    private mutating func recogniseFlutter(_ line: Line, _ out: inout Output) {
        if let state = FlutterLifecycle.state(in: line.bytes.extracting(line.record.message)) {
            add(appEvent(FlutterLifecycle.eventName(state), [:], platform: .flutter, line), &out)
        } else if let parsed = InstrumentationMessage.parse(prefixed: line.message) {
            add(appEvent(parsed.name, parsed.attributes, platform: .flutter, line), &out)
        }
    }

    /// Instrumentation a React Native app logged from JavaScript (`console.log('lifelint: …')`).
    private mutating func recogniseReactNative(_ line: Line, _ out: inout Output) {
        guard let parsed = InstrumentationMessage.parse(prefixed: line.message) else { return }
        add(appEvent(parsed.name, parsed.attributes, platform: .reactNative, line), &out)
    }

    /// A message line of a `-v long` entry whose header's tag a mapping names.
    private mutating func recogniseMapped(_ line: Line, tag: String, _ out: inout Output) {
        guard let match = mappings.match(tag: tag.utf8.span, message: line.bytes.extracting(line.record.message)) else { return }
        add(appEvent(EventName(match.event), match.attributes, platform: match.platform, line), &out)
    }

    /// An event the app reported itself (instrumentation or a mapped line); `app=` and
    /// `platform=` attributes override what the line says.
    private func appEvent(_ name: EventName, _ attributes: Attributes, platform: Platform?, _ line: Line) -> Event {
        var attributes = attributes
        let app = attributes["app"] ?? appName(line)
        let platform = attributes["platform"].flatMap(Platform.init(rawValue:)) ?? platform ?? .android
        attributes["app"] = nil
        attributes["platform"] = nil
        var event = event(name, line, app: app, pid: line.record.pid, tid: line.record.tid, attributes)
        event.platform = platform
        return event
    }

    // MARK: Building events

    mutating func started(pid: Int32, process: Substring, attributes: Attributes, _ line: Line, _ out: inout Output) {
        // One string for the package, shared by the event, its attributes and the process
        // table: a trace can start a million processes.
        let package = attributes["package"] ?? ProcessName.package(process)
        started(pid: pid, process: process == package ? package : String(process), package: package, attributes: attributes, line, &out)
    }

    /// `attributes` holds `package`.
    mutating func started(pid: Int32, process: String, package: String, attributes: Attributes, _ line: Line, _ out: inout Output) {
        let (started, ended, interleaved) = attribution.recordStart(pid: pid, process: process, at: line.time, emit: { out.events.append($0) })
        if interleaved, firstInterleavedStart == nil { firstInterleavedStart = InterleavedStart(line: line.source.line, pid: pid, process: process) }
        guard started else { return }
        if let ended {
            // The pid's last process is gone, though no line said so: it ended before now.
            let attributes: Attributes = ["reason": ProcessDeathReason.unknown.rawValue, "unseen": "true", "detail": "its pid \(pid) went to \(process)"]
            add(event(EventName.processDied, line, app: ended, pid: pid, tid: nil, attributes), &out)
        }
        var attributes = attributes
        if process != package { attributes["process"] = process }
        add(event(EventName.processStarted, line, app: package, pid: pid, tid: nil, attributes), &out)
    }

    /// One death; the later reports of the same death only name the process. `initiator`
    /// when the line says who ended it, beyond what the reason implies.
    mutating func died(
        pid: Int32, process: Substring?, reason: ProcessDeathReason, detail: String?, initiator: DeathInitiator? = nil, _ line: Line,
        _ out: inout Output
    ) {
        died(pid: pid, process: process.map(String.init), reason: reason, detail: detail, initiator: initiator, at: line.time, source: line.source, &out)
    }

    mutating func died(
        pid: Int32, process: String?, reason: ProcessDeathReason, detail: String?, initiator: DeathInitiator? = nil, at time: Timestamp,
        source: SourceLocation, _ out: inout Output
    ) {
        if let process { name(pid, process, &out) }
        guard attribution.recordDeath(pid: pid) else { return }
        var attributes: Attributes = ["reason": reason.rawValue]
        attributes["detail"] = detail
        if let initiator, initiator != reason.initiator { attributes["initiator"] = initiator.rawValue }
        let event = Event(
            time: time, app: Event.appName(forUnknownPid: pid), pid: pid, tid: nil, platform: .android, name: EventName.processDied,
            attributes: attributes, source: source)
        add(event, &out)
    }

    mutating func evidence(_ name: EventName, _ line: Line, _ attributes: Attributes, app: String? = nil, pid: Int32?, _ out: inout Output) {
        let app = app ?? appName(line)
        // One incident is often logged twice (`am_anr` and `ANR in`, the binder failure and its
        // exception): `EventNormalizer` keeps the first report.
        add(event(name, line, app: app, pid: pid, tid: pid == line.record.pid ? line.record.tid : nil, attributes), &out)
    }

    func event(_ name: EventName, _ line: Line, app: String, pid: Int32?, tid: Int32?, _ attributes: Attributes) -> Event {
        Event(time: line.time, app: app, pid: pid, tid: tid, platform: .android, name: name, attributes: attributes, source: line.source)
    }

    /// A new event of this line, passed on now or held until its pid is named.
    mutating func add(_ event: Event, _ out: inout Output) {
        out.produced += 1
        attribution.deliver(event) { out.events.append($0) }
    }

    /// A line names the process under `pid`; what was held for it goes out first.
    mutating func name(_ pid: Int32, _ process: some StringProtocol, _ out: inout Output) {
        attribution.name(pid: pid, process: process) { out.events.append($0) }
    }

    /// The app that logged a line: Studio's package column, else what the trace said about
    /// the pid, else `pid N` (until a line names it).
    func appName(_ line: Line) -> String {
        if let package = line.package { return package }
        guard let pid = line.record.pid else { return "unknown" }
        return appName(pid: pid)
    }

    func appName(pid: Int32) -> String {
        attribution.table.package(of: pid) ?? Event.appName(forUnknownPid: pid)
    }

    /// Lines system_server logs (by its pid, or Studio's name for it): their failures are the
    /// system's, not an app's.
    func isSystemServer(_ line: Line, pid: Int32?) -> Bool {
        (pid != nil && pid == systemServerPid) || Self.systemProcessNames.contains(line.package ?? "")
    }

    // MARK: Text helpers

    static func leadingInt32(_ text: some StringProtocol) -> Int32? {
        Int32(text.drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber })
    }

    /// The digits right after `marker` in `text`.
    static func number(after marker: String, in text: some StringProtocol) -> String? {
        guard let range = text.range(of: marker) else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
    }
}
