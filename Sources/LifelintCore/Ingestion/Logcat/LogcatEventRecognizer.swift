import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns parsed logcat lines into lifecycle events: the platform's own lines (events-buffer
/// activity callbacks, process starts and deaths, freezer, ANRs, binder failures) and the
/// app's instrumentation under the `lifelint` tag.
///
/// Only lines whose tag matters are ever turned into strings; everything else is decided by a
/// table lookup on bytes.
struct LogcatEventRecognizer {
    /// One line being recognised, with what every event from it shares.
    struct Line {
        let bytes: UnsafeBufferPointer<UInt8>
        let record: LogcatRecord
        let time: Timestamp
        let source: SourceLocation

        var message: Substring { Substring(decoding: UnsafeBufferPointer(rebasing: bytes[record.message]), as: UTF8.self) }
        var package: String? { record.package.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } }
    }

    private let tags = LogcatTagTable()
    private var mappings: MappingTable
    private var processes = ProcessTable()
    /// The time each kind of evidence was last reported per app; one incident is often logged
    /// twice (`am_anr` and `ANR in`, the binder failure and its exception).
    private var lastEvidence: [String: Int64] = [:]
    private static let evidenceWindowNanoseconds: Int64 = 2_000_000_000

    /// What a line needs, decided from its bytes alone: the common case is `.nothing`.
    enum Interest {
        case nothing
        case tagged(LogcatTag)
        /// No tag (raw and thread layouts, kernel lines): the message alone may say it.
        case untagged
        /// A warning or error under another tag: it may carry evidence such as an exception.
        case evidenceOnly
        /// A line one of the user's mappings (`.lifelint.json`) matched, decided on bytes.
        case mapped(MappingTable.Match)
        /// A `-v long` header whose tag a mapping names: its message lines are tested as they come.
        case mappedTag(String)
    }

    init(mappings: [LineMapping] = []) {
        self.mappings = MappingTable(mappings, container: .logcat)
    }

    /// `messageFollows`: a `-v long` header, whose message comes on the next lines.
    mutating func interest(in record: LogcatRecord, bytes: UnsafeBufferPointer<UInt8>, hasTag: Bool, messageFollows: Bool = false) -> Interest {
        if !hasTag || record.tag.isEmpty { return .untagged }
        if let tag = tags.lookup(bytes, record.tag) { return .tagged(tag) }
        let tag = UnsafeBufferPointer(rebasing: bytes[record.tag])
        if !mappings.isEmpty, mappings.mayMatch(tag: tag) {
            if messageFollows { return .mappedTag(String(decoding: tag, as: UTF8.self)) }
            if let match = mappings.match(tag: tag, message: UnsafeBufferPointer(rebasing: bytes[record.message])) { return .mapped(match) }
        }
        return Self.mayCarryEvidence(record) ? .evidenceOnly : .nothing
    }

    static func mayCarryEvidence(_ record: LogcatRecord) -> Bool {
        record.priority == UInt8(ascii: "E") || record.priority == UInt8(ascii: "W") || record.priority == UInt8(ascii: "F")
    }

    /// Recognises one line; returns how many events it produced (zero when the line has no
    /// lifecycle meaning).
    mutating func recognise(_ line: Line, _ interest: Interest, emit: (Event) -> Void) -> Int {
        var events: [Event] = []
        switch interest {
        case .nothing: return 0
        case let .tagged(tag): recognise(line, tag: tag, into: &events)
        case .untagged:
            recogniseUntagged(line, into: &events)
            // Layouts without a tag (`raw`, `thread`) can still match mappings that name none.
            if events.isEmpty, !mappings.isEmpty,
                let match = mappings.match(tag: UnsafeBufferPointer(start: nil, count: 0), message: UnsafeBufferPointer(rebasing: line.bytes[line.record.message]))
            {
                events.append(appEvent(match.event, match.attributes, platform: match.platform, line))
            }
        case .evidenceOnly: recogniseExceptions(line, into: &events)
        case let .mapped(match):
            events.append(appEvent(match.event, match.attributes, platform: match.platform, line))
        case let .mappedTag(tag):
            recogniseMapped(line, tag: tag, into: &events)
            if events.isEmpty, Self.mayCarryEvidence(line.record) { recogniseExceptions(line, into: &events) }
        }
        for event in events { emit(event) }
        return events.count
    }

    /// Android Studio's `---- PROCESS STARTED (2155) for package com.app ----` and
    /// `---- PROCESS ENDED (2155) for package com.app ----` markers.
    mutating func recogniseStudioProcessMarker(
        _ bytes: UnsafeBufferPointer<UInt8>, time: Timestamp, source: SourceLocation, emit: (Event) -> Void
    ) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        let isStart = text.contains(" PROCESS STARTED (")
        guard isStart || text.contains(" PROCESS ENDED ("),
            let open = text.firstIndex(of: "("), let pid = Self.leadingInt32(text[text.index(after: open)...]),
            let packageRange = text.range(of: "for package ")
        else { return 0 }
        let package = Substring(text[packageRange.upperBound...].prefix { $0 != " " })
        let record = LogcatRecord(pid: pid)
        let line = Line(bytes: bytes, record: record, time: time, source: source)
        var events: [Event] = []
        if isStart {
            started(pid: pid, process: package, attributes: ["package": String(package)], line, into: &events)
        } else {
            died(pid: pid, process: package, reason: .unknown, detail: "process ended", line, into: &events)
        }
        events.forEach(emit)
        return events.count
    }

    // MARK: Tagged lines

    private mutating func recognise(_ line: Line, tag: LogcatTag, into events: inout [Event]) {
        if case .activityManager = tag {
            recogniseActivityManager(line, line.message, into: &events)
            if events.isEmpty, Self.mayCarryEvidence(line.record) { recogniseExceptions(line, into: &events) }
            return
        }
        let message = line.message
        switch tag {
        case .activityManager: break
        case .lowMemoryKiller: recogniseLowMemoryKill(line, message, into: &events)
        case .zygote: recogniseZygote(line, message, into: &events)
        case .androidRuntime: recogniseRuntime(line, message, into: &events)
        case .javaBinder:
            if message.hasPrefix("!!! FAILED BINDER TRANSACTION !!!") {
                var attributes = Attributes()
                attributes["bytes"] = Self.number(after: "parcel size = ", in: message)
                evidence("evidence.transaction-too-large", line, attributes, into: &events)
            }
        case .instrumentation: recogniseInstrumentation(line, message, into: &events)
        default:
            if let payload = EventLogPayload(message) { recogniseEventLog(line, tag, payload, into: &events) }
        }
        if events.isEmpty, Self.mayCarryEvidence(line.record) { recogniseExceptions(line, into: &events) }
    }

    /// The openings of the ActivityManager messages that carry lifecycle meaning; checked on
    /// bytes first, because ActivityManager is one of the chattiest tags.
    private static let activityManagerOpenings: [[UInt8]] = [
        "Start proc ", "Killing ", "Process ", "Force stopping ", "ANR in ", "freezing ", "froze ", "sync unfroze ", "unfroze ", "unfreezing ",
    ].map { Array($0.utf8) }

    private static func opensActivityManagerMessage(_ line: Line) -> Bool {
        let message = UnsafeBufferPointer(rebasing: line.bytes[line.record.message])
        return activityManagerOpenings.contains { message.starts(with: $0) }
    }

    private mutating func recogniseActivityManager(_ line: Line, _ message: @autoclosure () -> Substring, into events: inout [Event]) {
        guard Self.opensActivityManagerMessage(line) else { return }
        let message = message()
        if message.hasPrefix("Start proc ") {
            recogniseStartProc(line, message.dropFirst("Start proc ".count), into: &events)
        } else if message.hasPrefix("Killing "), let (pid, process, reason) = Self.parseKilling(message) {
            died(pid: pid, process: process, reason: ProcessDeathReason.classify(killReason: reason), detail: String(reason), line, into: &events)
        } else if message.hasPrefix("Process "), let range = message.range(of: " (pid "),
            let pid = Self.leadingInt32(message[range.upperBound...]), message.contains(") has died")
        {
            let process = message[message.index(message.startIndex, offsetBy: 8)..<range.lowerBound]
            let detail = message.range(of: "has died: ").map { String(message[$0.upperBound...]) }
            died(pid: pid, process: process, reason: .unknown, detail: detail, line, into: &events)
        } else if message.hasPrefix("Force stopping ") {
            recogniseForceStop(line, message, into: &events)
        } else if message.hasPrefix("ANR in ") {
            let rest = message.dropFirst("ANR in ".count)
            let package = Self.packageName(rest.prefix { $0 != " " })
            var attributes = Attributes()
            attributes["detail"] = String(rest)
            evidence("evidence.anr", line, attributes, app: package, into: &events)
        } else {
            recogniseFreezer(line, message, into: &events)
        }
    }

    private mutating func recogniseStartProc(_ line: Line, _ rest: Substring, into events: inout [Event]) {
        let head = rest.prefix { $0 != " " }
        let pid: Int32?
        let process: Substring
        if let colon = head.firstIndex(of: ":"), let number = Int32(head[..<colon]) {
            pid = number
            process = head[head.index(after: colon)...].prefix { $0 != "/" }
        } else {
            process = head
            pid = Self.number(after: " pid=", in: rest).flatMap { Int32($0) }
        }
        guard let pid else { return }
        var attributes = Attributes()
        attributes["package"] = Self.packageName(process)
        if let forRange = rest.range(of: " for ") {
            let after = rest[forRange.upperBound...]
            let hosting = after.prefix { $0 != " " && $0 != "{" }
            if !hosting.isEmpty { attributes["hosting"] = String(hosting) }
            var component = after.dropFirst(hosting.count).drop { $0 == " " || $0 == "{" }
            if let end = component.firstIndex(where: { $0 == "}" || $0 == ":" || $0 == " " }) { component = component[..<end] }
            if !component.isEmpty { attributes["component"] = String(component) }
        }
        started(pid: pid, process: process, attributes: attributes, line, into: &events)
    }

    /// `Force stopping com.app appid=10123 user=0: from pid 4321` ends every live process of
    /// the package; a force stop of a package that is not running ends nothing.
    private mutating func recogniseForceStop(_ line: Line, _ message: Substring, into events: inout [Event]) {
        let package = String(message.dropFirst("Force stopping ".count).prefix { $0 != " " })
        let pids = processes.livePids(of: package)
        guard let pid = pids.first else { return }
        for other in pids { _ = processes.recordDeath(pid: other, package: package) }
        let cause = message.range(of: ": ").map { message[$0.upperBound...] } ?? ""
        let attributes: Attributes = [
            "reason": ProcessDeathReason.classify(killReason: cause).rawValue, "detail": "force-stop: \(cause)",
        ]
        events.append(event("process.died", line, app: package, pid: pid, tid: nil, attributes))
    }

    /// `freezing 123 com.app`, `froze 123 com.app`, `sync unfroze 123 com.app for 7`, `unfroze 123 com.app`.
    private mutating func recogniseFreezer(_ line: Line, _ message: Substring, into events: inout [Event]) {
        let words = message.split(separator: " ", maxSplits: 3)
        guard words.count >= 3 else { return }
        let offset = words[0] == "sync" ? 1 : 0
        guard words.count >= 3 + offset, let pid = Int32(words[1 + offset]) else { return }
        let isFrozen: Bool
        switch words[offset] {
        case "freezing", "froze": isFrozen = true
        case "unfroze", "unfreezing": isFrozen = false
        default: return
        }
        let process = words[2 + offset].prefix { $0 != " " }
        guard processes.recordFrozen(pid: pid, isFrozen) else { return }
        events.append(event(isFrozen ? "process.frozen" : "process.unfrozen", line, app: Self.packageName(process), pid: pid, tid: nil, [:]))
    }

    /// `Kill 'com.app' (1234), uid 10123, oom_score_adj 900 to free 52000kB rss, 1000kB swap; reason: ...`
    /// and the older kernel wording `Killing 'com.app' (1234), adj 906, ...`.
    private mutating func recogniseLowMemoryKill(_ line: Line, _ message: Substring, into events: inout [Event]) {
        guard message.hasPrefix("Kill '") || message.hasPrefix("Killing '"),
            let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'"),
            let parenthesis = message[close...].firstIndex(of: "("),
            let pid = Self.leadingInt32(message[message.index(after: parenthesis)...])
        else { return }
        let process = message[message.index(after: open)..<close]
        let detail = message.range(of: "reason: ").map { String(message[$0.upperBound...]) } ?? String(message)
        died(pid: pid, process: process, reason: .lowMemory, detail: detail, line, into: &events)
    }

    /// `Process 29981 exited due to signal 9 (Killed)`, `Process 1234 exited cleanly (0)`.
    private mutating func recogniseZygote(_ line: Line, _ message: Substring, into events: inout [Event]) {
        guard message.hasPrefix("Process "), let pid = Self.leadingInt32(message.dropFirst(8)),
            let exited = message.range(of: " exited ")
        else { return }
        let detail = String(message[exited.upperBound...])
        let reason = Self.number(after: "signal ", in: message).flatMap { Int($0) }.map(ProcessDeathReason.classify(signal:)) ?? .unknown
        died(pid: pid, process: nil, reason: reason, detail: detail, line, into: &events)
    }

    /// `Process: com.app, PID: 1234` follows `FATAL EXCEPTION` when an app crashes.
    private mutating func recogniseRuntime(_ line: Line, _ message: Substring, into events: inout [Event]) {
        guard message.hasPrefix("Process: "), let comma = message.firstIndex(of: ","),
            let pid = Self.number(after: "PID: ", in: message).flatMap({ Int32($0) })
        else { return }
        let process = message[message.index(message.startIndex, offsetBy: 9)..<comma]
        died(pid: pid, process: process, reason: .crash, detail: "FATAL EXCEPTION", line, into: &events)
    }

    private func recogniseInstrumentation(_ line: Line, _ message: Substring, into events: inout [Event]) {
        guard let parsed = InstrumentationMessage.parse(message) else { return }
        events.append(appEvent(parsed.name, parsed.attributes, platform: nil, line))
    }

    /// A message line of a `-v long` entry whose header's tag a mapping names.
    private mutating func recogniseMapped(_ line: Line, tag: String, into events: inout [Event]) {
        var tag = tag
        let message = UnsafeBufferPointer(rebasing: line.bytes[line.record.message])
        guard let match = tag.withUTF8({ mappings.match(tag: $0, message: message) }) else { return }
        events.append(appEvent(match.event, match.attributes, platform: match.platform, line))
    }

    /// An event the app reported itself (instrumentation or a mapped line); `app=` and
    /// `platform=` attributes override what the line says.
    private func appEvent(_ name: String, _ attributes: Attributes, platform: Platform?, _ line: Line) -> Event {
        var attributes = attributes
        let app = attributes["app"] ?? appName(line)
        let platform = attributes["platform"].flatMap(Platform.init(rawValue:)) ?? platform ?? .android
        attributes["app"] = nil
        attributes["platform"] = nil
        var event = event(name, line, app: app, pid: line.record.pid, tid: line.record.tid, attributes)
        event.platform = platform
        return event
    }

    // MARK: Events buffer

    private mutating func recogniseEventLog(_ line: Line, _ tag: LogcatTag, _ payload: EventLogPayload, into events: inout [Event]) {
        switch tag {
        case let .activityCallback(eventName):
            var attributes = Attributes()
            attributes["component"] = payload.value(1, key: "Component Name").map(String.init)
            attributes["reason"] = payload.value(2, key: "Reason").map(String.init)
            attributes["duration_ms"] = payload.integer(3, key: "time").map(String.init)
            events.append(event(eventName, line, app: appName(line), pid: line.record.pid, tid: line.record.tid, attributes))
        case .procStart:
            guard let pid = payload.integer(1, key: "PID").flatMap(Int32.init(exactly:)),
                let process = payload.value(3, key: "Process Name")
            else { return }
            var attributes: Attributes = ["package": Self.packageName(process)]
            attributes["hosting"] = payload.value(4, key: "Type").map(String.init)
            attributes["component"] = payload.value(5, key: "Component").map(String.init)
            started(pid: pid, process: process, attributes: attributes, line, into: &events)
        case .procDied:
            guard let pid = payload.integer(1, key: "PID").flatMap(Int32.init(exactly:)) else { return }
            died(pid: pid, process: payload.value(2, key: "Process Name"), reason: .unknown, detail: nil, line, into: &events)
        case .kill:
            guard let pid = payload.integer(1, key: "PID").flatMap(Int32.init(exactly:)) else { return }
            let hasRss = payload.count >= 6 && payload.integer(payload.count - 1, key: "Rss") != nil
            let reason = payload.rest(from: 4, key: "Reason", trailing: hasRss ? 1 : 0) ?? ""
            died(pid: pid, process: payload.value(2, key: "Process Name"), reason: ProcessDeathReason.classify(killReason: reason),
                 detail: String(reason), line, into: &events)
        case .crash:
            guard let pid = payload.integer(1, key: "PID").flatMap(Int32.init(exactly:)) else { return }
            died(pid: pid, process: payload.value(2, key: "Process Name"), reason: .crash,
                 detail: payload.value(4, key: "Exception").map(String.init), line, into: &events)
        case .lmkdKillInfo:
            guard let pid = payload.integer(0, key: "Pid").flatMap(Int32.init(exactly:)) else { return }
            died(pid: pid, process: nil, reason: .lowMemory, detail: "lmkd killinfo", line, into: &events)
        case .anr:
            guard let package = payload.value(2, key: "Package") else { return }
            var attributes = Attributes()
            attributes["detail"] = payload.rest(from: 4, key: "reason").map(String.init)
            evidence("evidence.anr", line, attributes, app: Self.packageName(package), into: &events)
        case .freeze, .unfreeze:
            guard let pid = payload.integer(0, key: "Pid").flatMap(Int32.init(exactly:)),
                let process = payload.value(1, key: "Process Name")
            else { return }
            let isFrozen: Bool = if case .freeze = tag { true } else { false }
            guard processes.recordFrozen(pid: pid, isFrozen) else { return }
            events.append(event(isFrozen ? "process.frozen" : "process.unfrozen", line, app: Self.packageName(process), pid: pid, tid: nil, [:]))
        case .finishActivity:
            guard let reason = payload.rest(from: 4, key: "Reason"), reason.contains("proc died without state saved"),
                let component = payload.value(3, key: "Component Name")
            else { return }
            let attributes: Attributes = ["component": String(component), "reason": String(reason)]
            evidence("evidence.state-not-saved", line, attributes, app: Self.packageName(component), into: &events)
        default:
            return
        }
    }

    // MARK: Untagged lines and evidence in any tag

    /// Layouts without a tag (`raw`, `thread`) still carry the system's wording.
    private mutating func recogniseUntagged(_ line: Line, into events: inout [Event]) {
        let message = line.message
        guard let first = message.first else { return }
        switch first {
        case "S", "K", "P", "F", "A": recogniseActivityManager(line, message, into: &events)
        default: break
        }
        if events.isEmpty, first == "K" { recogniseLowMemoryKill(line, message, into: &events) }
        if events.isEmpty, first == "P" { recogniseZygote(line, message, into: &events) }
        if events.isEmpty, first == "!" { recognise(line, tag: .javaBinder, into: &events) }
        if events.isEmpty, Self.mayCarryEvidence(line.record) { recogniseExceptions(line, into: &events) }
    }

    private mutating func recogniseExceptions(_ line: Line, into events: inout [Event]) {
        let range = line.record.message
        let bytes = UnsafeBufferPointer(rebasing: line.bytes[range])
        guard range.count > 20, ByteSearch.contains("Exception", in: bytes) else { return }
        let tooLarge = ByteSearch.contains("TransactionTooLargeException", in: bytes)
        guard tooLarge || ByteSearch.contains("ForegroundServiceStartNotAllowedException", in: bytes) else { return }
        let message = line.message
        let trimmed = message.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("at ") { return }
        if tooLarge {
            var attributes = Attributes()
            attributes["bytes"] = Self.number(after: "data parcel size ", in: message)
            evidence("evidence.transaction-too-large", line, attributes, into: &events)
        } else {
            evidence("evidence.fgs-start-not-allowed", line, ["detail": String(trimmed)], into: &events)
        }
    }

    // MARK: Building events

    private mutating func started(pid: Int32, process: Substring, attributes: Attributes, _ line: Line, into events: inout [Event]) {
        let package = Self.packageName(process)
        guard processes.recordStart(pid: pid, package: package) else { return }
        var attributes = attributes
        if process != package { attributes["process"] = String(process) }
        events.append(event("process.started", line, app: package, pid: pid, tid: nil, attributes))
    }

    private mutating func died(
        pid: Int32, process: Substring?, reason: ProcessDeathReason, detail: String?, _ line: Line, into events: inout [Event]
    ) {
        let package = process.map(Self.packageName) ?? processes.package(of: pid)
        guard processes.recordDeath(pid: pid, package: package) else { return }
        var attributes: Attributes = ["reason": reason.rawValue]
        attributes["detail"] = detail
        events.append(event("process.died", line, app: package ?? Event.appName(forUnknownPid: pid), pid: pid, tid: nil, attributes))
    }

    private mutating func evidence(_ name: String, _ line: Line, _ attributes: Attributes, app: String? = nil, into events: inout [Event]) {
        let app = app ?? appName(line)
        let key = name + "|" + app
        let now = line.time.nanoseconds
        if line.time.clock != .unknown, let last = lastEvidence[key], now >= last, now - last <= Self.evidenceWindowNanoseconds { return }
        lastEvidence[key] = now
        events.append(event(name, line, app: app, pid: line.record.pid, tid: line.record.tid, attributes))
    }

    private func event(_ name: String, _ line: Line, app: String, pid: Int32?, tid: Int32?, _ attributes: Attributes) -> Event {
        Event(time: line.time, app: app, pid: pid, tid: tid, platform: .android, name: name, attributes: attributes, source: line.source)
    }

    /// The app that logged a line: Studio's package column, else what the trace said about
    /// the pid, else `pid N`.
    private func appName(_ line: Line) -> String {
        if let package = line.package { return package }
        guard let pid = line.record.pid else { return "unknown" }
        return processes.package(of: pid) ?? Event.appName(forUnknownPid: pid)
    }

    // MARK: Text helpers

    /// `com.app:remote` → `com.app`; `com.app/.Main` → `com.app`.
    static func packageName(_ process: some StringProtocol) -> String {
        String(process.prefix { $0 != ":" && $0 != "/" })
    }

    /// `Killing 1234:com.app/u0a123 (adj 900): empty #17`.
    static func parseKilling(_ message: Substring) -> (Int32, Substring, Substring)? {
        let rest = message.dropFirst("Killing ".count)
        guard let colon = rest.firstIndex(of: ":"), let pid = Int32(rest[..<colon]) else { return nil }
        let process = rest[rest.index(after: colon)...].prefix { $0 != "/" && $0 != " " }
        let reason = rest.range(of: "): ").map { rest[$0.upperBound...] } ?? ""
        return (pid, process, reason)
    }

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
