/// What one line of iOS's own lifecycle daemons proves about an app (formats.md §10):
/// RunningBoard (`runningboardd`), FrontBoard and SpringBoard lines name the app as
/// `[application<com.x.y>:4410]` or `[app<com.x.y(…)>:4410]` and say its state changed. A line
/// about another kind of process (`xpcservice<…([application<com.x.y>:716])>`) proves nothing
/// about the app, though it still names the app's pid.
struct AppleSystemLine {
    enum Fact: Equatable {
        case foreground(detail: String)
        case background(detail: String)
        case suspended
        case resumed
        case died(reason: String, initiator: DeathInitiator, detail: String)
        case backgroundTaskExpired(detail: String)
    }

    /// The app the line is about, and its pid when the line gives it.
    var bundleID: String
    var pid: Int32?
    /// Older systems name the app by its executable (`BT[4821]`), not its bundle id.
    var isExecutableName = false
    var facts: [Fact]

    /// `BT[4821]`, the whole text.
    private static func executableWithPid(_ text: Substring) -> (String, Int32)? {
        guard text.last == "]", let open = text.lastIndex(of: "["), open > text.startIndex,
            let pid = Int32(text[text.index(after: open)..<text.index(before: text.endIndex)])
        else { return nil }
        return (String(text[..<open]), pid)
    }

    /// Every `application<id>:pid` the message mentions, nested ones included: each ties a pid to an app.
    static func namedPids(in message: Substring) -> [(bundleID: String, pid: Int32)] {
        var found: [(String, Int32)] = []
        if let job = launchdJob(message) { found.append(job) }
        var rest = message
        while let range = rest.byteRange(of: "application<") ?? rest.byteRange(of: "app<") {
            rest = rest[range.upperBound...]
            guard let (bundle, pid, after) = subject(rest) else { continue }
            if let pid { found.append((bundle, pid)) }
            rest = after
        }
        return found
    }

    /// The facts of a system process's message, or nil when it proves nothing about an app.
    static func read(_ message: Substring) -> AppleSystemLine? {
        if let line = readBracketed(message) { return line }
        if let line = readStateChange(message) { return line }
        if let line = readLaunchdExit(message) { return line }
        if let range = message.byteRange(of: "Calculated state for ") { return readCalculatedState(message[range.upperBound...]) }
        if let range = message.byteRange(of: "Application process state changed for ") { return readProcessState(message[range.upperBound...]) }
        return nil
    }

    // MARK: Line shapes

    /// `[application<com.x.y>:4410] Resuming task.`, and `Removing assertions for terminated
    /// process: [application<com.x.y>:716]`.
    private static func readBracketed(_ message: Substring) -> AppleSystemLine? {
        if let range = message.byteRange(of: " has active assertions beyond permitted time"), !message.hasPrefix("["),
            let (name, pid) = executableWithPid(message[..<range.lowerBound])
        {
            return AppleSystemLine(bundleID: name, pid: pid, isExecutableName: true, facts: [.backgroundTaskExpired(detail: "SpringBoard: active assertions beyond permitted time")])
        }
        let terminated = "Removing assertions for terminated process: ["
        if message.hasPrefix(terminated), let (bundle, pid, _) = appSubject(message.dropFirst(terminated.count)) {
            return AppleSystemLine(bundleID: bundle, pid: pid, facts: [.died(reason: "unknown", initiator: .unknown, detail: "terminated")])
        }
        guard message.hasPrefix("["), let (bundle, pid, after) = appSubject(message.dropFirst()), after.first == "]" else { return nil }
        let text = after.dropFirst().drop { $0 == " " }
        let facts = facts(of: text)
        return facts.isEmpty ? nil : AppleSystemLine(bundleID: bundle, pid: pid, facts: facts)
    }

    /// SpringBoard's notification server: `[com.x.y] com.x.y application state changed to Terminated`.
    private static func readStateChange(_ message: Substring) -> AppleSystemLine? {
        guard let range = message.byteRange(of: " application state changed to Terminated") else { return nil }
        let bundle = message[..<range.lowerBound].reversed().prefix { $0 != " " && $0 != "]" }
        let id = String(bundle.reversed())
        guard isBundleID(Substring(id)) else { return nil }
        return AppleSystemLine(bundleID: id, pid: nil, facts: [.died(reason: "unknown", initiator: .unknown, detail: "application state changed to Terminated")])
    }

    /// iOS 4–6 launchd: `(UIKitApplication:jp.co.x.BT[0xc343][4821]) Exited: Killed`.
    private static func readLaunchdExit(_ message: Substring) -> AppleSystemLine? {
        guard message.hasPrefix("(UIKitApplication:"), let (bundle, pid) = launchdJob(message),
            let range = message.byteRange(of: ") Exited: ") ?? message.byteRange(of: "]) Exited: ")
        else { return nil }
        let how = message[range.upperBound...].prefix { $0 != "\n" }
        let fact: Fact = how.hasPrefix("Killed")
            ? .died(reason: "killed", initiator: .system, detail: "launchd: Exited: \(how)")
            : .died(reason: "exited", initiator: .unknown, detail: "launchd: Exited: \(how)")
        return AppleSystemLine(bundleID: bundle, pid: pid, facts: [fact])
    }

    /// `(UIKitApplication:jp.co.x.BT[0xc343][4821])`: launchd's job for the app, with its pid.
    static func launchdJob(_ message: Substring) -> (String, Int32)? {
        guard let range = message.byteRange(of: "(UIKitApplication:") else { return nil }
        let rest = message[range.upperBound...]
        let bundle = rest.prefix { $0 != "[" && $0 != ")" }
        guard isBundleID(bundle), let close = rest.byteRange(of: "][") else { return nil }
        guard let pid = Int32(rest[close.upperBound...].prefix { $0.isASCII && $0.isNumber }) else { return nil }
        return (String(bundle), pid)
    }

    /// What a message about the app itself says, after its `[application<…>:pid]`.
    private static func facts(of text: Substring) -> [Fact] {
        if text.hasPrefix("Resuming task") { return [.resumed] }
        if text.hasPrefix("Suspending task") { return [.suspended] }
        if let value = value(after: "Setting process task state to: ", in: text) {
            return value.hasPrefix("Suspended") ? [.suspended] : value.hasPrefix("Running") ? [.resumed] : []
        }
        if let value = value(after: "Setting process visibility to: ", in: text) {
            return visibility(value, detail: "visibility \(value)").map { [$0] } ?? []
        }
        if text.contains(bytes: "has active assertions beyond permitted time") {
            return [.backgroundTaskExpired(detail: "RunningBoard: active assertions beyond permitted time")]
        }
        if text.hasPrefix("termination reported by launchd") {
            return [.died(reason: "unknown", initiator: .unknown, detail: String(text.prefix { $0 != "\n" }))]
        }
        if text.hasPrefix("Process exited") { return [exited(text)] }
        if text.hasPrefix("Terminating with context") || text.hasPrefix("Terminating with") { return [terminated(text)] }
        return []
    }

    /// `Calculated state for application<com.x.y>: running-active (role: UserInteractiveFocal)`.
    private static func readCalculatedState(_ text: Substring) -> AppleSystemLine? {
        guard text.hasPrefix("application<") || text.hasPrefix("app<") else { return nil }
        guard let (bundle, pid, after) = appSubject(text), after.hasPrefix(": ") else { return nil }
        let state = after.dropFirst(2).prefix { $0 != " " }
        let role = value(after: "(role: ", in: after).map { $0.prefix { $0 != ")" } } ?? ""
        let detail = "RunningBoard: \(state), role \(role)"
        let facts: [Fact]
        switch state {
        case "running-active" where role.hasPrefix("UserInteractive"): facts = [.foreground(detail: detail)]
        case "running-active" where role == "Background" || role == "NonUserInteractive": facts = [.background(detail: detail)]
        case "running-suspended": facts = [.background(detail: detail), .suspended]
        default: facts = []
        }
        return facts.isEmpty ? nil : AppleSystemLine(bundleID: bundle, pid: pid, facts: facts)
    }

    /// `Application process state changed for com.x.y: <… visibility: Background …>`.
    private static func readProcessState(_ text: Substring) -> AppleSystemLine? {
        let bundle = text.prefix { $0 != ":" && $0 != " " }
        guard isBundleID(bundle) else { return nil }
        var facts: [Fact] = []
        if let value = value(after: "visibility: ", in: text), let fact = visibility(value, detail: "visibility \(value)") { facts.append(fact) }
        if let value = value(after: "taskState: ", in: text) ?? value(after: "task: ", in: text) {
            if value.hasPrefix("suspended") || value.hasPrefix("Suspended") { facts.append(.suspended) }
            if value.hasPrefix("running") || value.hasPrefix("Running") { facts.append(.resumed) }
        }
        return facts.isEmpty ? nil : AppleSystemLine(bundleID: String(bundle), pid: nil, facts: facts)
    }

    // MARK: Deaths

    /// `Process exited: <RBSProcessExitContext| voluntary>` or `… specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGKILL(9)>>`.
    private static func exited(_ text: Substring) -> Fact {
        let detail = String(text.prefix(200))
        if text.contains(bytes: "domain:jetsam") { return .died(reason: "jetsam", initiator: .system, detail: detail) }
        if text.contains(bytes: "watchdog") { return .died(reason: "watchdog", initiator: .system, detail: detail) }
        if text.contains(bytes: "SIGKILL") { return .died(reason: "killed", initiator: .system, detail: detail) }
        if text.contains(bytes: "domain:signal") { return .died(reason: "crash", initiator: .crash, detail: detail) }
        if let code = AppleTermination.code(in: text), let known = AppleTermination.knownCodes[code] {
            return .died(reason: known.reason, initiator: known.initiator, detail: detail)
        }
        return .died(reason: "exited", initiator: .unknown, detail: detail)
    }

    /// `Terminating with context: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:…>`.
    private static func terminated(_ text: Substring) -> Fact {
        let detail = String(text.prefix(200))
        if let code = AppleTermination.code(in: text), let known = AppleTermination.knownCodes[code] {
            return .died(reason: known.reason, initiator: known.initiator, detail: detail)
        }
        return .died(reason: "killed", initiator: .system, detail: detail)
    }

    // MARK: Pieces

    private static func visibility(_ value: Substring, detail: String) -> Fact? {
        if value.hasPrefix("Foreground") || value.hasPrefix("foreground") { return .foreground(detail: detail) }
        if value.hasPrefix("Background") || value.hasPrefix("background") { return .background(detail: detail) }
        return nil
    }

    /// The word after `key` in `text`.
    private static func value(after key: StaticString, in text: Substring) -> Substring? {
        guard let range = text.byteRange(of: key) else { return nil }
        return text[range.upperBound...].prefix { $0 != " " && $0 != ";" && $0 != ">" && $0 != "\n" }
    }

    /// `application<com.x.y>:4410` or `app<com.x.y(…)>:4410` at the start of `text`.
    private static func appSubject(_ text: Substring) -> (String, Int32?, Substring)? {
        for opening in ["application<", "app<"] where text.hasPrefix(opening) {
            return subject(text.dropFirst(opening.count))
        }
        return nil
    }

    /// After `application<`: the bundle id up to `>` or `(`, then `:pid` if present; and the rest.
    /// On UTF-8 indices: it runs on every line that mentions an app.
    private static func subject(_ text: Substring) -> (String, Int32?, Substring)? {
        let utf8 = text.utf8
        guard let close = utf8.firstIndex(of: .greaterThan) else { return nil }
        let bundleEnd = utf8[..<close].firstIndex { $0 == .openParen || $0 == .space } ?? close
        let bundle = text[text.startIndex..<bundleEnd]
        guard isBundleID(bundle) else { return nil }
        let id = bundleID(bundle)
        let afterClose = utf8.index(after: close)
        guard afterClose < text.endIndex, utf8[afterClose] == .colon else { return (id, nil, text[afterClose...]) }
        let digitsStart = utf8.index(after: afterClose)
        let digitsEnd = utf8[digitsStart...].firstIndex { !$0.isASCIIDigit } ?? text.endIndex
        guard let pid = Int32(text[digitsStart..<digitsEnd]) else { return (id, nil, text[afterClose...]) }
        return (id, pid, text[digitsEnd...])
    }

    /// macOS names an app `application.com.x.y.72555345.72555351`: the bundle id is inside.
    private static func bundleID(_ name: Substring) -> String {
        guard name.hasPrefix("application.") else { return String(name) }
        var parts = name.dropFirst("application.".count).split(separator: ".")
        while parts.count > 2, let last = parts.last, last.allSatisfy(\.isNumber) { parts.removeLast() }
        return parts.joined(separator: ".")
    }

    /// Letters, digits, `-` and `_` in words joined by dots (`com.my-company.app`).
    static func isBundleID(_ text: Substring) -> Bool {
        guard let first = text.first, first != ".", text.last != ".", text.contains(bytes: ".") else { return false }
        return text.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == .dot || $0 == .dash || $0 == UInt8(ascii: "_") }
    }
}
