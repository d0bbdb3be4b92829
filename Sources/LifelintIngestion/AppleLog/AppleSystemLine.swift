import LifelintModel

/// What one line of iOS's own lifecycle daemons proves about an app (formats.md §10):
/// RunningBoard (`runningboardd`), FrontBoard and SpringBoard lines name the app
/// (`AppleProcessSubject`) and say its state changed. A line about another kind of process
/// (`xpcservice<…([application<com.x.y>:716])>`) proves nothing about the app, though it
/// still names the app's pid; a macOS app's lines prove nothing lifelint reads.
struct AppleSystemLine {
    enum Fact: Equatable {
        case foreground(detail: String)
        case background(detail: String)
        case suspended
        case resumed
        /// `attributes`: `detail`, and what a termination states (`code`, `namespace`,
        /// `visibility`, `watchdog_event`).
        case died(reason: String, initiator: DeathInitiator, attributes: Attributes)
        case backgroundTaskExpired(detail: String)
    }

    /// The bundle id the line is about; older systems give only the executable's name
    /// (`BT[4821]`), then `isExecutableName`.
    var app: String
    var pid: Int32?
    var isExecutableName = false
    var facts: [Fact]

    /// The facts of a system process's message, or nil when it proves nothing about an app.
    static func read(_ message: Substring) -> AppleSystemLine? {
        if let line = readSubjectLine(message) { return line }
        if let line = readExpiredAssertions(message) { return line }
        if let line = readStateChange(message) { return line }
        if let line = readLaunchdExit(message) { return line }
        if let range = message.byteRange(of: "Calculated state for ") { return readCalculatedState(message[range.upperBound...]) }
        if let range = message.byteRange(of: "Application process state changed for ") { return readProcessState(message[range.upperBound...]) }
        return nil
    }

    private init(app: String, pid: Int32?, isExecutableName: Bool = false, facts: [Fact]) {
        self.app = app
        self.pid = pid
        self.isExecutableName = isExecutableName
        self.facts = facts
    }

    private init?(_ subject: AppleProcessSubject, facts: [Fact]) {
        guard !subject.isMacApp, !facts.isEmpty else { return nil }
        self.init(app: subject.bundleID, pid: subject.pid, facts: facts)
    }

    // MARK: Line shapes

    /// `[application<com.x.y>:4410] Resuming task.`, and `Removing assertions for terminated
    /// process: [application<com.x.y>:716]`.
    private static func readSubjectLine(_ message: Substring) -> AppleSystemLine? {
        if let rest = message.droppingBytePrefix("Removing assertions for terminated process: ["), let subject = AppleProcessSubject.at(rest) {
            return AppleSystemLine(subject, facts: [.died(reason: "unknown", initiator: .unknown, attributes: ["detail": "terminated"])])
        }
        guard let rest = message.droppingBytePrefix("["), let subject = AppleProcessSubject.at(rest), subject.rest.first == "]" else { return nil }
        return AppleSystemLine(subject, facts: facts(of: subject.rest.dropFirst().drop { $0 == " " }))
    }

    /// iOS 4–6 SpringBoard: `BT[4821] has active assertions beyond permitted time:`.
    private static func readExpiredAssertions(_ message: Substring) -> AppleSystemLine? {
        guard !message.hasBytePrefix("["), let range = message.byteRange(of: " has active assertions beyond permitted time") else { return nil }
        let name = message[..<range.lowerBound]
        guard name.last == "]", let open = name.lastIndex(of: "["), open > name.startIndex,
            let pid = Int32(name[name.index(after: open)..<name.index(before: name.endIndex)])
        else { return nil }
        return AppleSystemLine(
            app: String(name[..<open]), pid: pid, isExecutableName: true,
            facts: [.backgroundTaskExpired(detail: "SpringBoard: active assertions beyond permitted time")])
    }

    /// SpringBoard's notification server: `[com.x.y] com.x.y application state changed to Terminated`.
    private static func readStateChange(_ message: Substring) -> AppleSystemLine? {
        guard let range = message.byteRange(of: " application state changed to Terminated") else { return nil }
        let id = String(message[..<range.lowerBound].reversed().prefix { $0 != " " && $0 != "]" }.reversed())
        guard AppleProcessSubject.isBundleID(Substring(id)) else { return nil }
        return AppleSystemLine(app: id, pid: nil, facts: [.died(reason: "unknown", initiator: .unknown, attributes: ["detail": "application state changed to Terminated"])])
    }

    /// iOS 4–6 launchd: `(UIKitApplication:jp.co.x.BT[0xc343][4821]) Exited: Killed`.
    private static func readLaunchdExit(_ message: Substring) -> AppleSystemLine? {
        guard message.hasBytePrefix("(UIKitApplication:"), let (bundle, pid) = AppleProcessSubject.launchdJob(message),
            let range = message.byteRange(of: ") Exited: ")
        else { return nil }
        let how = message[range.upperBound...].prefix { $0 != "\n" }
        let killed = how.hasPrefix("Killed")
        let attributes: Attributes = ["detail": "launchd: Exited: \(how)"]
        return AppleSystemLine(app: bundle, pid: pid, facts: [.died(reason: killed ? "killed" : "exited", initiator: killed ? .system : .unknown, attributes: attributes)])
    }

    /// What a message about the app itself says, after its `[application<…>:pid]`.
    private static func facts(of text: Substring) -> [Fact] {
        if text.hasBytePrefix("Resuming task") { return [.resumed] }
        if text.hasBytePrefix("Suspending task") { return [.suspended] }
        if let value = value(after: "Setting process task state to: ", in: text) {
            return value.hasPrefix("Suspended") ? [.suspended] : value.hasPrefix("Running") ? [.resumed] : []
        }
        if let value = value(after: "Setting process visibility to: ", in: text) {
            return visibility(value, detail: "visibility \(value)").map { [$0] } ?? []
        }
        if text.contains(bytes: "has active assertions beyond permitted time") {
            return [.backgroundTaskExpired(detail: "RunningBoard: active assertions beyond permitted time")]
        }
        if text.hasBytePrefix("termination reported by launchd") {
            return [.died(reason: "unknown", initiator: .unknown, attributes: ["detail": String(text.prefix { $0 != "\n" })])]
        }
        if text.hasBytePrefix("Process exited") { return [exited(text)] }
        if text.hasBytePrefix("Terminating with") { return [terminated(text)] }
        return []
    }

    /// `Calculated state for application<com.x.y>: running-active (role: UserInteractiveFocal)`.
    /// Only the focal role is the foreground: `UserInteractiveNonFocal` is also an app seen in
    /// the switcher or beside another.
    private static func readCalculatedState(_ text: Substring) -> AppleSystemLine? {
        guard let subject = AppleProcessSubject.at(text), subject.rest.hasPrefix(": ") else { return nil }
        let state = subject.rest.dropFirst(2).prefix { $0 != " " }
        let role = value(after: "(role: ", in: subject.rest).map { $0.prefix { $0 != ")" } } ?? ""
        let detail = "RunningBoard: \(state), role \(role)"
        switch state {
        case "running-active" where role == "UserInteractiveFocal": return AppleSystemLine(subject, facts: [.foreground(detail: detail)])
        case "running-active" where role == "Background" || role == "NonUserInteractive": return AppleSystemLine(subject, facts: [.background(detail: detail)])
        case "running-suspended": return AppleSystemLine(subject, facts: [.background(detail: detail), .suspended])
        default: return nil
        }
    }

    /// `Application process state changed for com.x.y: <… visibility: Background …>`.
    private static func readProcessState(_ text: Substring) -> AppleSystemLine? {
        let bundle = text.prefix { $0 != ":" && $0 != " " }
        guard AppleProcessSubject.isBundleID(bundle) else { return nil }
        var facts: [Fact] = []
        if let value = value(after: "visibility: ", in: text), let fact = visibility(value, detail: "visibility \(value)") { facts.append(fact) }
        if let value = value(after: "taskState: ", in: text) ?? value(after: "task: ", in: text) {
            if value.lowercased().hasPrefix("suspended") { facts.append(.suspended) }
            if value.lowercased().hasPrefix("running") { facts.append(.resumed) }
        }
        return facts.isEmpty ? nil : AppleSystemLine(app: String(bundle), pid: nil, facts: facts)
    }

    // MARK: Deaths

    /// `Process exited: <RBSProcessExitContext| voluntary>`, `… status:<RBSProcessExitStatus|
    /// domain:signal(2) code:SIGKILL(9)>>`, `<FBProcessExitContext; watchdog (…)>`. A kill
    /// (`SIGKILL`) is the system's; `SIGTERM` is a request to end, whose sender is unknown; the
    /// signals a faulting process raises are crashes.
    private static func exited(_ text: Substring) -> Fact {
        let attributes = terminationAttributes(text)
        if text.contains(bytes: "domain:jetsam") { return .died(reason: "jetsam", initiator: .system, attributes: attributes) }
        if text.contains(bytes: "watchdog") { return .died(reason: "watchdog", initiator: .system, attributes: attributes) }
        if text.contains(bytes: "SIGKILL") { return .died(reason: "killed", initiator: .system, attributes: attributes) }
        if text.contains(bytes: "SIGTERM") { return .died(reason: "killed", initiator: .unknown, attributes: attributes) }
        if text.contains(bytes: "domain:signal") { return .died(reason: "crash", initiator: .crash, attributes: attributes) }
        if let code = AppleTermination.code(in: text), let known = AppleTermination.knownCodes[code] {
            return .died(reason: known.reason, initiator: known.initiator, attributes: attributes)
        }
        return .died(reason: "exited", initiator: .unknown, attributes: attributes)
    }

    /// `Terminating with context: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:…
    /// ProcessVisibility: Background … WatchdogEvent: scene-update>`: read as a report's
    /// termination, so a watchdog kill seen in the log reaches the same rules.
    private static func terminated(_ text: Substring) -> Fact {
        let attributes = terminationAttributes(text)
        if let code = AppleTermination.code(in: text), let known = AppleTermination.knownCodes[code] {
            return .died(reason: known.reason, initiator: known.initiator, attributes: attributes)
        }
        return .died(reason: "killed", initiator: .system, attributes: attributes)
    }

    private static func terminationAttributes(_ text: Substring) -> Attributes {
        var termination = AppleTermination()
        termination.read(text)
        var attributes: Attributes = ["detail": String(text.prefix(200))]
        attributes["code"] = termination.code.map { "0x" + String($0, radix: 16) }
        attributes["namespace"] = termination.namespace
        attributes["visibility"] = termination.visibility
        attributes["watchdog_event"] = termination.watchdogEvent
        return attributes
    }

    // MARK: Pieces

    private static func visibility(_ value: Substring, detail: String) -> Fact? {
        if value.lowercased().hasPrefix("foreground") { return .foreground(detail: detail) }
        if value.lowercased().hasPrefix("background") { return .background(detail: detail) }
        return nil
    }

    /// The word after `key` in `text`.
    private static func value(after key: StaticString, in text: Substring) -> Substring? {
        guard let range = text.byteRange(of: key) else { return nil }
        return text[range.upperBound...].prefix { $0 != " " && $0 != ";" && $0 != ">" && $0 != "\n" }
    }
}
