import LifelintModel

/// The system's own text lines: ActivityManager, lmkd, Zygote, AndroidRuntime, binder
/// failures, and exceptions that are evidence whatever their tag.
extension LogcatEventRecognizer {
    /// The openings of the ActivityManager messages that carry lifecycle meaning; checked on
    /// bytes first, because ActivityManager is one of the chattiest tags.
    private static let activityManagerOpenings: [[UInt8]] = [
        "Start proc ", "Killing ", "Process ", "Force stopping ", "ANR in ", "freezing ", "froze ", "sync unfroze ", "unfroze ",
        "unfreezing ", "No longer want ", "Activity pause timeout for ", "  Force finishing activity ",
    ].map { Array($0.utf8) }

    /// The bytes those openings start with, for lines without a tag.
    private static let activityManagerFirstBytes = Set(activityManagerOpenings.map { $0[0] })

    private static func opensActivityManagerMessage(_ line: Line) -> Bool {
        let message = UnsafeBufferPointer(rebasing: line.bytes[line.record.message])
        return activityManagerOpenings.contains { message.starts(with: $0) }
    }

    mutating func recogniseActivityManager(_ line: Line, _ out: inout Output) {
        guard Self.opensActivityManagerMessage(line) else { return }
        let messageBytes = UnsafeBufferPointer(rebasing: line.bytes[line.record.message])
        if StartProcMessage.opens(messageBytes) { return recogniseStartProc(line, messageBytes, &out) }
        let message = line.message
        if message.hasBytePrefix("Killing "), let (pid, process, reason) = Self.parseKilling(message) {
            killed(pid: pid, process: process, killReason: reason, line, &out)
        } else if message.hasBytePrefix("Process "), let (process, pid) = Self.processAndPid(message.dropFirst("Process ".count)),
            message.contains(") has died")
        {
            let detail = message.range(of: "has died: ").map { String(message[$0.upperBound...]) }
            died(pid: pid, process: process, reason: .unknown, detail: detail, line, &out)
        } else if message.hasBytePrefix("No longer want "), let (process, pid) = Self.processAndPid(message.dropFirst("No longer want ".count)) {
            // The older ActivityManager's trimming of cached processes: `No longer want com.app (pid 1234): hidden #16`.
            let reason = message.range(of: "): ").map { message[$0.upperBound...] } ?? ""
            died(pid: pid, process: process, reason: .killed, detail: "no longer wanted: \(reason)", line, &out)
        } else if message.hasBytePrefix("Force stopping ") {
            recogniseForceStop(line, message, &out)
        } else if message.hasBytePrefix("ANR in ") {
            let rest = message.dropFirst("ANR in ".count)
            var attributes = Attributes()
            attributes["detail"] = String(rest)
            evidence(EventName.evidenceAnr, line, attributes, app: ProcessName.package(rest.prefix { $0 != " " }), pid: nil, &out)
        } else if message.hasBytePrefix("Activity pause timeout for ") {
            recognisePauseTimeout(line, message, &out)
        } else if message.hasBytePrefix("  Force finishing activity "), let (_, component) = Self.firstComponent(in: message) {
            finishing[component.package] = Sighting(line)
        } else {
            recogniseFreezer(line, message, &out)
        }
    }

    /// `Activity pause timeout for ActivityRecord{aa73cbf u0 com.app/.Main t2594}`: the system
    /// waited its 500 ms for the activity to pause and gave up.
    /// Not when the activity is being finished because its app crashed: the system then waits
    /// on a process that is gone, and the timeout says nothing about the app's onPause.
    private mutating func recognisePauseTimeout(_ line: Line, _ message: Substring, _ out: inout Output) {
        guard let (text, component) = Self.firstComponent(in: message) else { return }
        if finishing[component.package]?.isSameIncident(as: line) == true { return }
        attribution.noteComponent(component, token: nil) { out.events.append($0) }
        evidence(EventName.evidencePauseTimeout, line, ["component": String(text)], app: component.package, pid: nil, &out)
    }

    /// The first word that reads as a component (`ActivityRecord{aa73cbf u0 com.app/.Main t2594}`).
    private static func firstComponent(in message: Substring) -> (text: Substring, component: (package: String, className: String))? {
        message.split(separator: " ").lazy.compactMap { word in ProcessName.component(word).map { (word, $0) } }.first
    }

    /// `com.app (pid 1234)…` → (`com.app`, 1234).
    private static func processAndPid(_ text: Substring) -> (Substring, Int32)? {
        guard let range = text.range(of: " (pid "), let pid = leadingInt32(text[range.upperBound...]) else { return nil }
        return (text[..<range.lowerBound], pid)
    }

    private mutating func recogniseStartProc(_ line: Line, _ message: UnsafeBufferPointer<UInt8>, _ out: inout Output) {
        guard let start = StartProcMessage(message) else { return }
        let package = message.text(start.package)
        var attributes = Attributes()
        attributes.appendUnique(key: "package", value: package)
        if let hosting = start.hosting { attributes.appendUnique(key: "hosting", value: message.text(hosting)) }
        if let component = start.component { attributes.appendUnique(key: "component", value: message.text(component)) }
        started(pid: start.pid, process: start.process == start.package ? package : message.text(start.process), package: package, attributes: attributes, line, &out)
    }

    /// `Force stopping com.app appid=10123 user=0: from pid 4321` ends every live process of
    /// the package; a force stop of a package that is not running ends nothing.
    private mutating func recogniseForceStop(_ line: Line, _ message: Substring, _ out: inout Output) {
        let package = String(message.dropFirst("Force stopping ".count).prefix { $0 != " " })
        let cause = message.range(of: ": ").map { message[$0.upperBound...] } ?? ""
        let initiator = ProcessDeathReason.forceStopInitiator(cause: cause)
        for pid in attribution.table.livePids(of: package) {
            died(pid: pid, process: nil, reason: .forceStop, detail: String(cause), initiator: initiator, line, &out)
        }
    }

    /// A kill with ActivityManager's free-text reason (`Killing`, `am_kill`); a force stop
    /// (`stop com.app due to installPackageLI`) says who asked for it.
    mutating func killed(pid: Int32, process: Substring?, killReason: Substring, _ line: Line, _ out: inout Output) {
        let reason = ProcessDeathReason.classify(killReason: killReason)
        guard reason == .forceStop else { return died(pid: pid, process: process, reason: reason, detail: String(killReason), line, &out) }
        // As `Force stopping` tells it: the cause (`MARs #1`), or the whole reason when none is given.
        let cause = ProcessDeathReason.forceStopCause(killReason: killReason)
        died(pid: pid, process: process, reason: reason, detail: String(cause.isEmpty ? killReason : cause),
             initiator: ProcessDeathReason.forceStopInitiator(cause: cause), line, &out)
    }

    /// `freezing 123 com.app`, `froze 123 com.app`, `sync unfroze 123 com.app for 7`, `unfroze 123 com.app`.
    private mutating func recogniseFreezer(_ line: Line, _ message: Substring, _ out: inout Output) {
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
        frozen(pid: pid, process: words[2 + offset].prefix { $0 != " " }, isFrozen, line, &out)
    }

    mutating func frozen(pid: Int32, process: Substring, _ isFrozen: Bool, _ line: Line, _ out: inout Output) {
        name(pid, process, &out)
        guard attribution.recordFrozen(pid: pid, isFrozen) else { return }
        add(event(isFrozen ? EventName.processFrozen : EventName.processUnfrozen, line, app: ProcessName.package(process), pid: pid, tid: nil, [:]), &out)
    }

    /// `Kill 'com.app' (1234), uid 10123, oom_score_adj 900 to free 52000kB rss, 1000kB swap; reason: ...`
    /// and the older kernel wording `Killing 'com.app' (1234), adj 906, ...`.
    mutating func recogniseLowMemoryKill(_ line: Line, _ message: Substring, _ out: inout Output) {
        guard message.hasBytePrefix("Kill '") || message.hasBytePrefix("Killing '"),
            let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'"),
            let parenthesis = message[close...].firstIndex(of: "("),
            let pid = Self.leadingInt32(message[message.index(after: parenthesis)...])
        else { return }
        let process = message[message.index(after: open)..<close]
        let detail = message.range(of: "reason: ").map { String(message[$0.upperBound...]) } ?? String(message)
        died(pid: pid, process: process, reason: .lowMemory, detail: detail, line, &out)
    }

    /// `Process 29981 exited due to signal 9 (Killed)`, `Process 1234 exited cleanly (0)`.
    mutating func recogniseZygote(_ line: Line, _ message: Substring, _ out: inout Output) {
        guard message.hasBytePrefix("Process "), let pid = Self.leadingInt32(message.dropFirst(8)),
            let exited = message.range(of: " exited ")
        else { return }
        let detail = String(message[exited.upperBound...])
        let reason = Self.number(after: "signal ", in: message).flatMap { Int($0) }.map(ProcessDeathReason.classify(signal:)) ?? .unknown
        died(pid: pid, process: nil, reason: reason, detail: detail, line, &out)
    }

    /// `Process: com.app, PID: 1234` follows `FATAL EXCEPTION` when an app crashes.
    mutating func recogniseRuntime(_ line: Line, _ message: Substring, _ out: inout Output) {
        if message.hasBytePrefix("FATAL EXCEPTION") { lastCrashPid = nil }
        guard message.hasBytePrefix("Process: "), let comma = message.firstIndex(of: ","),
            let pid = Self.number(after: "PID: ", in: message).flatMap({ Int32($0) })
        else { return }
        lastCrashPid = pid
        let process = message[message.index(message.startIndex, offsetBy: 9)..<comma]
        if !process.isEmpty { finishing[ProcessName.package(process)] = Sighting(line) }
        died(pid: pid, process: process.isEmpty ? nil : process, reason: .crash, detail: "FATAL EXCEPTION", line, &out)
    }

    /// `!!! FAILED BINDER TRANSACTION !!!  (parcel size = 532072)`: evidence of oversized
    /// state only from an app's live, unfrozen process. A frozen or dying process fails even
    /// four-byte transactions, and system_server's failures are not an app's saved state.
    mutating func recogniseBinderFailure(_ line: Line, _ message: Substring, _ out: inout Output) {
        guard let pid = line.record.pid, !isSystemServer(line, pid: pid) else { return }
        if let process = attribution.table.incarnation(of: pid), !process.isLive || process.isFrozen { return }
        var attributes = Attributes()
        attributes["bytes"] = Self.number(after: "parcel size = ", in: message)
        evidence(EventName.evidenceTransactionTooLarge, line, attributes, pid: pid, &out)
    }

    /// Lines that only say which package a pid runs: the app's own `ApplicationInfo updating
    /// for com.app, new timestamp: …`, or `[perfNotifyAppState] pack:com.app, act:…, pid:1234`.
    mutating func recogniseProcessNaming(_ line: Line, _ message: Substring, _ out: inout Output) {
        if message.hasBytePrefix("ApplicationInfo updating for "), let pid = line.record.pid, !isSystemServer(line, pid: pid) {
            let package = message.dropFirst("ApplicationInfo updating for ".count).prefix { $0 != "," && $0 != " " }
            if ProcessName.isDottedName(Substring(package).utf8[...]) { name(pid, package, &out) }
        } else if message.hasBytePrefix("[perfNotifyAppState] pack:"), let range = message.range(of: " pid:"),
            let pid = Self.leadingInt32(message[range.upperBound...])
        {
            let package = message.dropFirst("[perfNotifyAppState] pack:".count).prefix { $0 != "," && $0 != " " }
            if ProcessName.isDottedName(Substring(package).utf8[...]) { name(pid, package, &out) }
        }
    }

    /// Layouts without a tag (`raw`, `thread`) still carry the system's wording.
    mutating func recogniseUntagged(_ line: Line, _ out: inout Output) {
        let message = line.message
        guard let first = message.first else { return }
        if Self.activityManagerFirstBytes.contains(line.bytes[line.record.message.lowerBound]) { recogniseActivityManager(line, &out) }
        if out.produced == 0, first == "K" { recogniseLowMemoryKill(line, message, &out) }
        if out.produced == 0, first == "P" { recogniseZygote(line, message, &out) }
        if out.produced == 0, first == "!" { recogniseBinderFailure(line, message, &out) }
        if out.produced == 0, first == "F" || first == "P" { recogniseRuntime(line, message, &out) }
        // A bare paste has no priority: any line may carry the exception.
        if out.produced == 0, Self.mayCarryEvidence(line.record) || line.record.priority == UInt8(ascii: "?") { recogniseExceptions(line, &out) }
    }

    mutating func recogniseExceptions(_ line: Line, _ out: inout Output) {
        let range = line.record.message
        let bytes = UnsafeBufferPointer(rebasing: line.bytes[range])
        guard range.count > 20, ByteSearch.contains("Exception", in: bytes) else { return }
        let tooLarge = ByteSearch.contains("TransactionTooLargeException", in: bytes)
        guard tooLarge || ByteSearch.contains("ForegroundServiceStartNotAllowedException", in: bytes) else { return }
        let message = line.message
        let trimmed = message.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasBytePrefix("at ") { return }
        // A line without a pid inside a crash report (a paste without the logcat prefix) is
        // the crashing process's.
        let pid = line.record.pid ?? lastCrashPid
        guard !isSystemServer(line, pid: pid) else { return }
        let app = line.record.pid == nil ? pid.map(appName(pid:)) : nil
        if tooLarge {
            var attributes: Attributes = ["exception": "TransactionTooLargeException"]
            attributes["bytes"] = Self.number(after: "data parcel size ", in: message)
            evidence(EventName.evidenceTransactionTooLarge, line, attributes, app: app, pid: pid, &out)
        } else {
            // `… not allowed due to mAllowStartForeground false: service com.app/.Sync`: an app
            // starts its own service, so the component names the process.
            if let pid, let range = message.range(of: "service "),
                let component = ProcessName.component(message[range.upperBound...].prefix { $0 != " " })
            {
                name(pid, component.package, &out)
            }
            evidence(EventName.evidenceFgsStartNotAllowed, line, ["detail": String(trimmed)], app: app, pid: pid, &out)
        }
    }

    /// How Android Studio names system_server's process.
    static let systemProcessNames: Set<String> = ["system_process", "system_server"]

    /// `Killing 1234:com.app/u0a123 (adj 900): empty #17`.
    static func parseKilling(_ message: Substring) -> (Int32, Substring, Substring)? {
        let rest = message.dropFirst("Killing ".count)
        guard let colon = rest.firstIndex(of: ":"), let pid = Int32(rest[..<colon]) else { return nil }
        let process = rest[rest.index(after: colon)...].prefix { $0 != "/" && $0 != " " }
        let reason = rest.range(of: "): ").map { rest[$0.upperBound...] } ?? ""
        return (pid, process, reason)
    }
}
