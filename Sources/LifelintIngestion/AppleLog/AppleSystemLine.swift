import LifelintModel

/// What one line of iOS's own lifecycle daemons proves about an app (docs/formats.md §10):
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

    /// The facts of a system process's message (`AppleMessageCatalogue`), or nil when it proves
    /// nothing about an app.
    static func read(_ message: Substring) -> AppleSystemLine? {
        guard let (entry, match) = AppleMessageCatalogue.shared.read(message), !match.isMacApp else { return nil }
        let facts = facts(entry.meaning, match.text)
        guard !facts.isEmpty else { return nil }
        return AppleSystemLine(app: match.app, pid: match.pid, isExecutableName: match.isExecutableName, facts: facts)
    }

    private init(app: String, pid: Int32?, isExecutableName: Bool, facts: [Fact]) {
        self.app = app
        self.pid = pid
        self.isExecutableName = isExecutableName
        self.facts = facts
    }

    // MARK: Meanings

    /// What a message means, read from its text after the words where the meaning needs it.
    private static func facts(_ meaning: AppleMessageMeaning, _ text: Substring) -> [Fact] {
        switch meaning {
        case .resumed: return [.resumed]
        case .suspended: return [.suspended]
        case .taskState:
            guard let value = value(after: ": ", in: text) else { return [] }
            return value.hasPrefix("Suspended") ? [.suspended] : value.hasPrefix("Running") ? [.resumed] : []
        case .visibility:
            guard let value = value(after: ": ", in: text) else { return [] }
            return visibility(value, detail: "visibility \(value)").map { [$0] } ?? []
        case let .backgroundTimeExpired(who): return [.backgroundTaskExpired(detail: "\(who): active assertions beyond permitted time")]
        case let .exitReported(detail):
            return [.died(reason: "unknown", initiator: .unknown, attributes: ["detail": detail ?? String(text.prefix { $0 != "\n" })])]
        case .exited: return [exited(text)]
        case .terminated: return [terminated(text)]
        case .calculatedState: return calculatedState(text)
        case .stateUpdate: return stateUpdate(text)
        case .processState: return processState(text)
        case .launchdExited:
            let how = text.prefix { $0 != "\n" }
            let killed = how.hasPrefix("Killed")
            return [.died(reason: killed ? "killed" : "exited", initiator: killed ? .system : .unknown, attributes: ["detail": "launchd: Exited: \(how)"])]
        case .exitedVoluntarily:
            return [.died(reason: "exited", initiator: .unknown, attributes: ["detail": "exited voluntarily"])]
        case .exitedBySignal:
            let signal = text.dropFirst("exited abnormally with signal ".count).prefix { $0.isASCII && $0.isNumber }
            let detail: Attributes = ["detail": "exited abnormally with signal \(signal)"]
            return signal == "9" ? [.died(reason: "killed", initiator: .system, attributes: detail)] : [.died(reason: "crash", initiator: .crash, attributes: detail)]
        }
    }

    /// `: running-active (role: UserInteractiveFocal)` after `Calculated state for app<…>`.
    /// Only the focal role is the foreground: `UserInteractiveNonFocal` is also an app seen in
    /// the switcher or beside another.
    private static func calculatedState(_ text: Substring) -> [Fact] {
        guard text.hasPrefix(": ") else { return [] }
        let state = text.dropFirst(2).prefix { $0 != " " }
        let role = value(after: "(role: ", in: text).map { $0.prefix { $0 != ")" } } ?? ""
        let detail = "RunningBoard: \(state), role \(role)"
        switch state {
        case "running-active" where role == "UserInteractiveFocal": return [.foreground(detail: detail)]
        case "running-active" where role == "Background" || role == "NonUserInteractive": return [.background(detail: detail)]
        case "running-suspended": return [.background(detail: detail), .suspended]
        default: return []
        }
    }

    /// `, running-suspended-NotVisible` after a client's `Received state update for 2933 (app<…>`:
    /// suspended, or running and not visible, is the background; visible says nothing of focus.
    private static func stateUpdate(_ text: Substring) -> [Fact] {
        guard let stated = text.droppingBytePrefix(", ") else { return [] }
        let state = stated.prefix { $0 != " " && $0 != ")" && $0 != "\n" }
        let detail = "RunningBoard (a client's state update): \(state)"
        switch state {
        case "running-suspended-NotVisible", "running-suspended-Visible": return [.background(detail: detail), .suspended]
        case "running-active-NotVisible": return [.background(detail: detail)]
        default: return []
        }
    }

    /// `: <SBApplicationProcessState: … taskState: Running; visibility: Background>`.
    private static func processState(_ text: Substring) -> [Fact] {
        var facts: [Fact] = []
        if let value = value(after: "visibility: ", in: text), let fact = visibility(value, detail: "visibility \(value)") { facts.append(fact) }
        if let value = value(after: "taskState: ", in: text) ?? value(after: "task: ", in: text) {
            if value.lowercased().hasPrefix("suspended") { facts.append(.suspended) }
            if value.lowercased().hasPrefix("running") { facts.append(.resumed) }
        }
        return facts
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
