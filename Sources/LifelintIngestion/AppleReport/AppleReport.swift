import Foundation
import LifelintModel

/// One process's end as an Apple crash, termination or JetsamEvent report tells it: who, when,
/// and what the system said. Becomes one `process.died`.
struct AppleReport: Sendable {
    var processName: String?
    var bundleID: String?
    var pid: Int32?
    var time: Timestamp = .unknown
    var termination = AppleTermination()
    /// `Termination Description`, or the termination's first stated reason.
    var description: String?
    /// The report's line the death rests on (`Termination Reason`, `Exception Type`).
    var line = 1
    /// Set for a JetsamEvent entry: the kill reason (`per-process-limit`) and the process's state.
    var jetsamReason: String?
    var states: String?
    /// A resource report's `Event` (`cpu usage`, `wakeups`) and whether its `Action taken` was
    /// to kill the process.
    var resourceEvent: String?
    var resourceActionKilled = false
    /// The app's version and build, the OS and the device, as the report's header says them.
    var labels = TraceLabels()
    /// `Exception Note: NON-FATAL CONDITION (this is NOT a crash)`, or the `.ips` body's
    /// `isNonFatal`: the process lived on.
    var isNonFatal = false
    /// `Exception Note: SIMULATED (this is NOT a crash)`, or `isSimulated`: the report was made
    /// without a crash, and the system may then end the process (a watchdog's report is
    /// simulated, then the watchdog kills).
    var isSimulated = false
    /// The line of `… has active assertions beyond permitted time:`, where the report says a
    /// background task was still held when its time ran out.
    var expiredAssertionsLine: Int?

    /// Whether the report says the process ended: a termination code or namespace, an
    /// exception, a jetsam kill, or a resource report whose action was a kill; never a report
    /// of a non-fatal condition, nor a simulated one unless it names the kill (a watchdog's code).
    var statesADeath: Bool {
        if isNonFatal { return false }
        if isSimulated, termination.code == nil, termination.watchdogEvent == nil { return false }
        if resourceEvent != nil { return resourceActionKilled }
        return jetsamReason != nil || termination.code != nil || termination.namespace != nil || termination.exceptionType != nil
            || termination.watchdogEvent != nil
    }

    /// The death, and the background task the report says was still held when it was killed.
    func events(path: String) -> [Event] {
        let death = event(path: path)
        guard let expiredAssertionsLine else { return [death] }
        let attributes: Attributes = ["source": "system", "detail": "crash report: active assertions beyond permitted time"]
        let expiry = Event(
            time: time, app: death.app, pid: pid, platform: .ios, name: EventName.bgtaskExpired, attributes: attributes,
            source: SourceLocation(path: path, line: expiredAssertionsLine))
        return [expiry, death]
    }

    func event(path: String) -> Event {
        let (reason, initiator) = jetsamReason.map { ("jetsam-\($0)", DeathInitiator.system) } ?? resourceKill ?? termination.death
        var attributes: Attributes = ["reason": reason, "initiator": initiator.rawValue]
        attributes["code"] = termination.code.map { "0x" + String($0, radix: 16) }
        attributes["namespace"] = termination.namespace
        attributes["visibility"] = termination.visibility
        attributes["watchdog_event"] = termination.watchdogEvent
        attributes["exception"] = termination.exceptionType
        attributes["state"] = states
        attributes["detail"] = description
        if let processName, bundleID != nil, processName != bundleID { attributes["process"] = processName }
        return Event(
            time: time, app: bundleID ?? processName ?? pid.map(Event.appName(forUnknownPid:)) ?? "unknown", pid: pid, platform: .ios,
            name: EventName.processDied, attributes: attributes, source: SourceLocation(path: path, line: line))
    }

    /// A resource report (bug type 206 and kin) whose action was a kill: `cpu-limit`, `wakeups-limit`.
    private var resourceKill: (String, DeathInitiator)? {
        guard resourceActionKilled, let resourceEvent else { return nil }
        let resource = resourceEvent.lowercased().split(separator: " ").first.map(String.init) ?? "resource"
        return ("\(resource)-limit", .system)
    }

    /// `Version: 3.2 (412)`: the short version, then the build in parentheses.
    mutating func readVersion(_ value: Substring) {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard let open = text.lastIndex(of: "("), text.hasSuffix(")") else { return labels.record(TraceLabels.appVersion, text) }
        labels.record(TraceLabels.appVersion, String(text[..<open]))
        labels.record(TraceLabels.appBuild, String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
    }

    /// `application<com.x.y>:4410` or `app<com.x.y(…)>:4410`, in a termination's explanation:
    /// what a pasted excerpt without its header still says about who ended.
    mutating func readSubject(in text: Substring) {
        guard bundleID == nil else { return }
        guard let range = text.byteRange(of: "application<") ?? text.byteRange(of: "app<"),
            let subject = AppleProcessSubject.after(text[range.upperBound...])
        else {
            readTransgressor(in: text)
            return readAssertionHolder(in: text)
        }
        bundleID = subject.bundleID
        if pid == nil { pid = subject.pid }
    }

    /// Who held the assertions a report of iOS 6–8 says were kept too long:
    /// `<BKNewProcess: 0x11bd3c9c0; com.x.y; pid: 3445; hostpid: -1> has active assertions …`,
    /// `Notes[4410] has active assertions …`.
    private mutating func readAssertionHolder(in text: Substring) {
        guard bundleID == nil, let range = text.byteRange(of: " has active assertions beyond permitted time") else { return }
        let lineStart = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let holder = text[lineStart..<range.lowerBound]
        if holder.hasPrefix("<BKNewProcess:") || holder.hasPrefix("<BKProcess:") {
            let fields = holder.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count > 1, AppleProcessSubject.isBundleID(Substring(fields[1])) { bundleID = fields[1] }
            if pid == nil, let field = fields.first(where: { $0.hasPrefix("pid: ") }) { pid = Int32(field.dropFirst(5)) }
        } else if holder.last == "]", let open = holder.lastIndex(of: "[") {
            if processName == nil { processName = String(holder[..<open]) }
            if pid == nil { pid = Int32(holder[holder.index(after: open)..<holder.index(before: holder.endIndex)]) }
        }
    }

    /// `watchdog transgression: org.wordpress exhausted …`: older reports name the bundle bare.
    private mutating func readTransgressor(in text: Substring) {
        guard let range = text.range(of: "transgression:") else { return }
        // A hard-wrapped paste may put the name lines below.
        let word = text[range.upperBound...].drop { $0 == " " || $0 == "\n" }.prefix { $0 != " " && $0 != "\n" }
        if AppleProcessSubject.isBundleID(word) { bundleID = String(word) }
    }
}
