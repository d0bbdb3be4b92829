@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The system's own text lines, as `AndroidMessageCatalogue` describes them: which lines are
/// which message is the catalogue's; what each means for the trace's processes is here.
extension LogcatEventRecognizer {
    static let catalogue = AndroidMessageCatalogue.shared

    /// A line of a system tag: the messages that tag writes, and those any tag may.
    mutating func recogniseSystemLine(_ line: Line, writer: AndroidMessageWriter, _ out: inout Output) {
        if notesSystemServer(writer), let pid = line.record.pid {
            systemServerPid = pid
            // What its pid logged before (a binder failure that opens a capture) is the system's.
            name(pid, ProcessAttribution.systemServer, &out)
        }
        recogniseCatalogued(line, &out) { $0.writers.contains(writer) || $0.underAnyTag }
    }

    /// Whether a line of this writer's tag tells which pid is system_server's.
    func notesSystemServer(_ writer: AndroidMessageWriter) -> Bool {
        writer.isSystemServer && systemServerPid == nil
    }

    /// A line of another tag whose message opens like one any tag may write (`ANR in` under
    /// MediaTek's `ANRManager`).
    mutating func recogniseUnderAnyTag(_ line: Line, _ out: inout Output) {
        recogniseCatalogued(line, &out) { $0.underAnyTag }
        if out.produced == 0, Self.mayCarryEvidence(line.record) { recogniseEmbedded(line, &out) }
    }

    /// Whether recognising a line can make no event and change nothing kept here, whatever is
    /// kept: decided from its bytes alone, so on any core (`LogcatLinePreparer`). A line of a
    /// system tag, or a warning, that no catalogue message matches is quiet; every other
    /// interest is not. A quiet line is still read whole while a report is held
    /// (`passesQuietly(_:)`).
    static func isQuiet(_ record: LogcatRecord, in bytes: Span<UInt8>, _ interest: Interest) -> Bool {
        guard record.package == nil else { return false }
        let message = bytes.extracting(record.message)
        switch interest {
        case .evidenceOnly: return embeddedMessage(record, in: bytes) == nil
        case .systemWords: return catalogue.match(message, where: { $0.underAnyTag }) == nil && carriesNoEvidence(record, in: bytes)
        case let .tagged(.system(writer)):
            return catalogue.match(message, where: { $0.writers.contains(writer) || $0.underAnyTag }) == nil && carriesNoEvidence(record, in: bytes)
        default: return false
        }
    }

    /// Whether a line that no message of its tag matched is not searched for one inside, or
    /// holds none.
    private static func carriesNoEvidence(_ record: LogcatRecord, in bytes: Span<UInt8>) -> Bool {
        !mayCarryEvidence(record) || embeddedMessage(record, in: bytes) == nil
    }

    /// Whether a line found quiet (`isQuiet`) may pass unrecognised now: no report is held for
    /// the lines after it, and it does not name system_server's pid.
    func passesQuietly(_ interest: Interest) -> Bool {
        guard held == nil else { return false }
        if case let .tagged(.system(writer)) = interest { return !notesSystemServer(writer) }
        return true
    }

    /// Layouts without a tag (`raw`, `thread`, a bare paste) still carry the system's wording,
    /// at the message's start or, in a paste no layout read, after a prefix: the pid a prefix
    /// gives as `(1234): ` is the line's.
    mutating func recogniseUntagged(_ line: Line, _ out: inout Output) {
        recogniseCatalogued(line, &out) { _ in true }
        if out.produced == 0, line.record.tag.isEmpty, line.record.pid == nil {
            let message = line.bytes.extracting(line.record.message)
            for start in AndroidMessageCatalogue.messageStarts(in: message).dropFirst() where start < message.count && out.produced == 0 {
                var record = line.record
                record.message = line.record.message.lowerBound + start..<line.record.message.upperBound
                record.pid = Self.pidBefore(start, in: message)
                recogniseCatalogued(Line(bytes: line.bytes, record: record, time: line.time, source: line.source), &out) { _ in true }
            }
        }
        // A bare paste has no priority: any line may carry the exception.
        if out.produced == 0, Self.mayCarryEvidence(line.record) { recogniseEmbedded(line, &out) }
    }

    private mutating func recogniseCatalogued(_ line: Line, _ out: inout Output, where accepts: (AndroidMessage) -> Bool) {
        let message = line.bytes.extracting(line.record.message)
        guard let (entry, fields) = Self.catalogue.match(message, where: accepts) else { return }
        apply(entry.meaning, fields, line, &out)
    }

    /// Exceptions named inside a warning's or error's text, whatever its tag.
    mutating func recogniseEmbedded(_ line: Line, _ out: inout Output) {
        guard let (entry, fields) = Self.embeddedMessage(line.record, in: line.bytes) else { return }
        apply(entry.meaning, fields, line, &out)
    }

    /// The catalogue's message named inside a line's text, if it is not a stack frame.
    @_lifetime(copy bytes)
    static func embeddedMessage(_ record: LogcatRecord, in bytes: Span<UInt8>) -> (AndroidMessage, MessageFields)? {
        // A layout without a priority, or a tag with spaces, may have taken the message's first
        // words for a priority and a tag (`A foreground service of type dataSync did not stop…`):
        // the whole line is searched then.
        let tag = record.tag
        let guessedTag = !tag.isEmpty && (record.priority == UInt8(ascii: "?") || bytes.contains(.space, in: tag))
        let range = guessedTag ? 0..<record.message.upperBound : record.message
        guard range.count > 20, let found = catalogue.find(in: bytes.extracting(range)) else { return nil }
        // A stack frame names the exception's class, not the incident.
        let message = bytes.extracting(record.message)
        let indent = message.prefixCount { $0 == .space || $0 == .tab }
        return message.extracting(indent...).starts(with: "at ") ? nil : found
    }

    // MARK: Meanings

    mutating func apply(_ meaning: AndroidMessageMeaning, _ fields: MessageFields, _ line: Line, _ out: inout Output) {
        switch meaning {
        case .processStarted: processStarted(fields, line, &out)
        case let .processDied(reason):
            guard let pid = fields.int32(.pid) else { return }
            // lmkd's and the kernel's kill lines are their own detail when they give no reason.
            let detail = Self.detail(fields) ?? (reason == .lowMemory ? String(line.message) : nil)
            died(pid: pid, process: fields.text(.process), reason: reason, detail: detail, line, &out)
        case .noLongerWanted:
            guard let pid = fields.int32(.pid) else { return }
            died(pid: pid, process: fields.text(.process), reason: .killed, detail: "no longer wanted: \(fields.text(.reason) ?? "")", line, &out)
        case .processKilled:
            guard let pid = fields.int32(.pid) else { return }
            killed(pid: pid, process: fields.text(.process), killReason: fields.text(.reason) ?? Self.killReason(in: fields.text(.detail)), line, &out)
        case .processExited: processExited(fields, line, &out)
        case .packageForceStopped: packageForceStopped(fields, line, &out)
        case .crashBegins: lastCrashPid = nil
        case .crashNamesProcess: crashNamesProcess(fields, line, &out)
        case let .frozen(isFrozen):
            guard let pid = fields.int32(.pid), let process = fields.text(.process) else { return }
            frozen(pid: pid, process: process, isFrozen, line, &out)
        case .notResponding: notResponding(fields, line, &out)
        case .anrReason: anrReason(line, &out)
        case .broadcastTimedOut: broadcastTimedOut(line, &out)
        case .timedOutReceiver: nameTimedOutReceiver(line, &out)
        case .anrSkipped: callOffHeldANR(line)
        case let .callbackTimeout(callback): callbackTimedOut(callback, fields, line, &out)
        case .finishingActivity:
            if let component = fields.text(.detail).flatMap(Self.firstComponent(in:)) { finishing[component.component.package] = Sighting(line) }
        case .binderFailure: binderFailed(fields, line, &out)
        case .transactionTooLarge, .foregroundServiceStartNotAllowed: exceptionRaised(meaning, fields, line, &out)
        case .foregroundServiceDidNotStart, .foregroundServiceTimedOut: foregroundServiceFailed(meaning, fields, line, &out)
        case let .jobStopped(dropped):
            // `7d1c2aa #u0a187/42 com.app/.SyncJobService`: the job's service names the app.
            // Without one (`sending onStop.`), the claim is still the capture's.
            let component = fields.text(.detail).flatMap(Self.firstComponent(in:))
            var attributes: Attributes = ["dropped": dropped ? "true" : "false", "detail": String(line.message)]
            attributes["component"] = component.map { Self.componentText($0.text) }
            evidence(EventName.evidenceJobStopped, line, attributes, app: component?.component.package ?? "unknown", pid: nil, &out)
        case .namesProcess:
            guard let pid = fields.int32(.pid) ?? line.record.pid, !isSystemServer(line, pid: pid), let package = fields.text(.package),
                ProcessName.isDottedName(package.utf8[...])
            else { return }
            name(pid, package, &out)
        }
    }

    /// `Start proc 1234:com.app/u0a123 for top-activity {com.app/com.app.Main}`: a trace can
    /// hold a million of these, so the parts stay byte ranges until the event is made.
    private mutating func processStarted(_ fields: MessageFields, _ line: Line, _ out: inout Output) {
        guard let pid = fields.int32(.pid), let processRange = fields[.process], let target = fields[.target] else { return }
        let message = fields.message
        let packageEnd = message.firstIndex(in: processRange) { $0 == UInt8(ascii: ":") } ?? processRange.upperBound
        // A line cut short (`Start proc 10012::remote/…`) names no app.
        guard packageEnd > processRange.lowerBound else { return }
        let package = message.text(processRange.lowerBound..<packageEnd)
        var attributes = Attributes()
        attributes.appendUnique(key: "package", value: package)
        let (hosting, component) = StartProcTarget.hostingAndComponent(message, target)
        if let hosting { attributes.appendUnique(key: "hosting", value: message.text(hosting)) }
        if let component { attributes.appendUnique(key: "component", value: message.text(component)) }
        let process = packageEnd == processRange.upperBound ? package : message.text(processRange)
        started(pid: pid, process: process, package: package, attributes: attributes, line, &out)
    }

    /// `Process 29981 exited due to signal 9 (Killed)`, `Process 1234 exited cleanly (0)`.
    private mutating func processExited(_ fields: MessageFields, _ line: Line, _ out: inout Output) {
        guard let pid = fields.int32(.pid), let detail = fields.text(.detail) else { return }
        let reason = Self.number(after: "signal ", in: detail).flatMap { Int($0) }.map(ProcessDeathReason.classify(signal:)) ?? .unknown
        died(pid: pid, process: nil, reason: reason, detail: String(detail), line, &out)
    }

    /// `Force stopping com.app appid=10123 user=0: from pid 4321` ends every live process of
    /// the package; a force stop of a package that is not running ends nothing.
    private mutating func packageForceStopped(_ fields: MessageFields, _ line: Line, _ out: inout Output) {
        guard let package = fields.text(.package) else { return }
        let cause = fields.text(.reason) ?? ""
        let initiator = ProcessDeathReason.forceStopInitiator(cause: cause)
        stateDiscarded[String(package)] = Sighting(line)
        for pid in attribution.table.livePids(of: String(package)) {
            died(pid: pid, process: nil, reason: .forceStop, detail: String(cause), initiator: initiator, line, &out)
        }
    }

    /// `Process: com.app, PID: 1234` follows `FATAL EXCEPTION` when an app crashes.
    private mutating func crashNamesProcess(_ fields: MessageFields, _ line: Line, _ out: inout Output) {
        guard let pid = fields.int32(.pid), let process = fields.text(.process) else { return }
        lastCrashPid = pid
        finishing[ProcessName.package(process)] = Sighting(line)
        crashNamed(pid: pid, package: ProcessName.package(process), line, &out)
        died(pid: pid, process: process, reason: .crash, detail: "FATAL EXCEPTION", line, &out)
    }

    /// `ANR in com.app (com.app/.Main)`, `ANR in com.app, time=8607230`, or the service
    /// time-out that starts one: `Timeout executing service: ServiceRecord{… com.app/.Sync}`.
    private mutating func notResponding(_ fields: MessageFields, _ line: Line, _ out: inout Output) {
        let app: String
        if let process = fields.text(.process) {
            app = ProcessName.package(process)
        } else if let component = (fields.text(.record) ?? fields.text(.component)?.trimmingSuffix(".")).flatMap(Self.firstComponent(in:)) {
            app = component.component.package
        } else {
            return
        }
        var attributes = Attributes()
        attributes["detail"] = line.message.trimmingLeadingSpaces(dropping: "ANR in ")
        // `ANR in` opens a report whose `Reason:` line says what the app did not answer; the
        // system may call off the ANR a service time-out starts.
        let anr = event(EventName.evidenceAnr, line, app: app, pid: nil, tid: nil, attributes)
        hold(anr, until: fields[.process] != nil ? .reason : .skipNotice, line, &out)
    }

    /// `Timeout of broadcast BroadcastRecord{…} - receiver=…, started 60001ms ago`: the next
    /// line names the receiver.
    private mutating func broadcastTimedOut(_ line: Line, _ out: inout Output) {
        let detail = String(line.message.drop { $0 == " " || $0 == "\t" })
        hold(event(EventName.evidenceAnr, line, app: "unknown", pid: nil, tid: nil, ["detail": detail]), until: .receiver, line, &out)
    }

    /// An ANR's reason said alone (a Play Console cluster's title): its words tell one cluster
    /// from the next, which no time or pid can.
    private mutating func anrReason(_ line: Line, _ out: inout Output) {
        let component = Self.firstComponent(in: line.message)
        let detail = String(line.message.drop { $0 == " " || $0 == "\t" })
        let attributes: Attributes = ["detail": detail, "reason": detail]
        evidence(EventName.evidenceAnr, line, attributes, app: component?.component.package ?? "unknown", pid: nil, &out)
    }

    /// `Activity pause timeout for ActivityRecord{aa73cbf u0 com.app/.Main t2594}`: the system
    /// waited for the activity's callback and gave up. Not when the activity is being finished
    /// because its app crashed: the system then waits on a process that is gone, and the
    /// timeout says nothing about the app's callbacks.
    private mutating func callbackTimedOut(_ callback: AndroidMessageMeaning.ActivityCallback, _ fields: MessageFields, _ line: Line, _ out: inout Output) {
        guard let (text, component) = fields.text(.record).flatMap(Self.firstComponent(in:)) else { return }
        if finishing[component.package]?.isSameIncident(as: line) == true { return }
        attribution.noteComponent(component, token: nil) { out.events.append($0) }
        if callback == .pause {
            evidence(EventName.evidencePauseTimeout, line, ["component": String(text)], app: component.package, pid: nil, &out)
        } else {
            evidence(EventName.evidenceCallbackTimeout, line, ["component": String(text), "callback": callback.rawValue], app: component.package, pid: nil, &out)
        }
    }

    /// `!!! FAILED BINDER TRANSACTION !!!  (parcel size = 532072)`: evidence of oversized
    /// state only from an app's live, unfrozen process. A frozen or dying process fails even
    /// four-byte transactions, and system_server's failures are not an app's saved state.
    private mutating func binderFailed(_ fields: MessageFields, _ line: Line, _ out: inout Output) {
        var attributes = Attributes()
        attributes["bytes"] = fields.text(.detail).flatMap { Self.number(after: "parcel size = ", in: $0) }
        guard let pid = line.record.pid else {
            // A paste without pids: the crash that follows names the process.
            return hold(event(EventName.evidenceTransactionTooLarge, line, app: "unknown", pid: nil, tid: nil, attributes), until: .crashingProcess, line, &out)
        }
        guard !isSystemServer(line, pid: pid) else { return }
        if let process = attribution.table.incarnation(of: pid), !process.isLive || process.isFrozen { return }
        evidence(EventName.evidenceTransactionTooLarge, line, attributes, pid: pid, &out)
    }

    /// An exception named in a line: a line without a pid inside a crash report (a paste
    /// without the logcat prefix) is the crashing process's; system_server's are not an app's.
    private mutating func exceptionRaised(_ meaning: AndroidMessageMeaning, _ fields: MessageFields, _ line: Line, _ out: inout Output) {
        let pid = line.record.pid ?? lastCrashPid
        guard !isSystemServer(line, pid: pid) else { return }
        let app = line.record.pid == nil ? pid.map(appName(pid:)) : nil
        let message = line.message
        if meaning == .transactionTooLarge {
            var attributes: Attributes = ["exception": "TransactionTooLargeException"]
            attributes["bytes"] = Self.number(after: "data parcel size ", in: message)
            evidence(EventName.evidenceTransactionTooLarge, line, attributes, app: app, pid: pid, &out)
            return
        }
        // `… not allowed due to mAllowStartForeground false: service com.app/.Sync`: an app
        // starts its own service, so the component names the process.
        if let pid, let range = message.range(of: "service "), let component = ProcessName.component(message[range.upperBound...].prefix { $0 != " " }) {
            name(pid, component.package, &out)
        }
        let trimmed = message.drop { $0 == " " || $0 == "\t" }
        evidence(EventName.evidenceFgsStartNotAllowed, line, ["detail": String(trimmed)], app: app, pid: pid, &out)
    }

    /// A foreground service the system gave up on: it was not promoted in time, or it ran past
    /// its type's limit. The component the line names (`ServiceRecord{… com.app/.Upload}`,
    /// `ComponentInfo{com.app/…}`) is the app's; else the crashing process is. system_server's
    /// ANR report names the app's service, not itself.
    private mutating func foregroundServiceFailed(_ meaning: AndroidMessageMeaning, _ fields: MessageFields, _ line: Line, _ out: inout Output) {
        let message = line.message
        let component = Self.firstComponent(in: fields.text(.record) ?? message)
        let crashing = line.record.pid ?? lastCrashPid
        let pid = isSystemServer(line, pid: crashing) ? nil : crashing
        if let pid, let component { name(pid, component.component.package, &out) }
        // A crash reporter's title alone names no app: the claim is still the capture's.
        let app = component?.component.package ?? pid.map(appName(pid:)) ?? "unknown"
        var attributes: Attributes = ["detail": String(message.drop { $0 == " " || $0 == "\t" })]
        attributes["component"] = component.map { Self.componentText($0.text) }
        attributes["type"] = meaning == .foregroundServiceTimedOut ? fields.text(.type).map(String.init) : nil
        let name = meaning == .foregroundServiceTimedOut ? EventName.evidenceFgsTimeout : EventName.evidenceFgsDidNotStart
        if nameHeldTitle(name, app: app, attributes, line, &out) { return }
        guard app != "unknown" || pid != nil else {
            // A crash reporter's title that names no app waits for the message under it.
            return hold(event(name, line, app: app, pid: nil, tid: nil, attributes), until: .app, line, &out)
        }
        evidence(name, line, attributes, app: app, pid: pid, &out)
    }

    // MARK: Shared with the events buffer

    /// A kill with ActivityManager's free-text reason (`Killing`, `am_kill`); a force stop
    /// (`stop com.app due to installPackageLI`) says who asked for it.
    mutating func killed(pid: Int32, process: Substring?, killReason: Substring, _ line: Line, _ out: inout Output) {
        let reason = ProcessDeathReason.classify(killReason: killReason)
        if reason == .forceStop || reason == .user, let process { stateDiscarded[ProcessName.package(process)] = Sighting(line) }
        guard reason == .forceStop else { return died(pid: pid, process: process, reason: reason, detail: String(killReason), line, &out) }
        // As `Force stopping` tells it: the cause (`MARs #1`), or the whole reason when none is given.
        let cause = ProcessDeathReason.forceStopCause(killReason: killReason)
        died(
            pid: pid, process: process, reason: reason, detail: String(cause.isEmpty ? killReason : cause),
            initiator: ProcessDeathReason.forceStopInitiator(cause: cause), line, &out)
    }

    mutating func frozen(pid: Int32, process: Substring, _ isFrozen: Bool, _ line: Line, _ out: inout Output) {
        name(pid, process, &out)
        guard attribution.recordFrozen(pid: pid, isFrozen) else { return }
        add(event(isFrozen ? EventName.processFrozen : EventName.processUnfrozen, line, app: ProcessName.package(process), pid: pid, tid: nil, [:]), &out)
    }

    /// How Android Studio names system_server's process.
    static let systemProcessNames: Set<String> = ["system_process", "system_server"]

    // MARK: Text

    /// The pid a prefix gives just before a message: `I/ActivityManager( 1234): ` → 1234.
    private static func pidBefore(_ start: Int, in message: Span<UInt8>) -> Int32? {
        var end = start
        while end > 0, message[end - 1] != UInt8(ascii: ")") {
            guard message[end - 1] == .space || message[end - 1] == UInt8(ascii: ":") else { return nil }
            end -= 1
        }
        guard end > 0, let open = message.lastIndex(of: UInt8(ascii: "("), in: ..<(end - 1)) else { return nil }
        let digits = message.firstIndex(in: (open + 1)..<(end - 1)) { $0 != .space } ?? (end - 1)
        return DecimalText.integer(message, digits..<(end - 1), as: Int32.self)
    }

    /// The first word that reads as a component (`ActivityRecord{aa73cbf u0 com.app/.Main t2594}`).
    /// A component word as written, without the braces around it or the punctuation after it:
    /// `ComponentInfo{com.app/.Sync}` and `com.app/.Sync,` give `com.app/.Sync`.
    static func componentText(_ word: Substring) -> String {
        let inside = word.firstIndex(of: "{").map { word[word.index(after: $0)...] } ?? word
        return String(inside.prefix { $0 != "}" && $0 != "," })
    }

    static func firstComponent(in text: Substring) -> (text: Substring, component: (package: String, className: String))? {
        text.split(separator: " ").lazy.compactMap { word in
            // `ComponentInfo{com.app/com.app.Sync}`: the component is inside the braces.
            ProcessName.component(componentText(word)).map { (word, $0) }
        }.first
    }

    /// What a death's message says beyond the fact: `has died: cch+15 CEM` gives `cch+15 CEM`,
    /// lmkd's `…; reason: low watermark is breached` its reason.
    private static func detail(_ fields: MessageFields) -> String? {
        if let reason = fields.text(.reason) { return String(reason) }
        guard let detail = fields.text(.detail) else { return nil }
        if let range = detail.byteRange(of: "reason: ") { return String(detail[range.upperBound...]) }
        guard detail.hasPrefix(":") || detail.hasPrefix(".") else { return nil }
        let trimmed = detail.drop { $0 == ":" || $0 == " " || $0 == "," || $0 == "." }
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The reason after `): ` in a kill line that gives no adjustment in the usual form.
    private static func killReason(in detail: Substring?) -> Substring {
        guard let detail, let range = detail.byteRange(of: "): ") else { return "" }
        return detail[range.upperBound...]
    }
}

extension Substring {
    /// The message without its leading spaces, and without `prefix` when it starts with it.
    fileprivate func trimmingLeadingSpaces(dropping prefix: String) -> String {
        let trimmed = drop { $0 == " " }
        return String(trimmed.hasPrefix(prefix) ? trimmed.dropFirst(prefix.count) : trimmed)
    }
}

extension Substring {
    /// Without the sentence's full stop after a word (`…EditorActivity.`).
    fileprivate func trimmingSuffix(_ character: Character) -> Substring { last == character ? dropLast() : self }
}
