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
    /// The report says the process lived on: `Exception Note: SIMULATED (this is NOT a crash)`
    /// or `NON-FATAL CONDITION`, or the `.ips` body's `isSimulated` or `isNonFatal`.
    var isNotADeath = false

    /// Whether the report says the process ended: a termination code or namespace, an
    /// exception, a jetsam kill, or a resource report whose action was a kill; never a report
    /// that says it is not a crash.
    var statesADeath: Bool {
        if isNotADeath { return false }
        if resourceEvent != nil { return resourceActionKilled }
        return jetsamReason != nil || termination.code != nil || termination.namespace != nil || termination.exceptionType != nil
            || termination.watchdogEvent != nil
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
        else { return readTransgressor(in: text) }
        bundleID = subject.bundleID
        if pid == nil { pid = subject.pid }
    }

    /// `watchdog transgression: org.wordpress exhausted …`: older reports name the bundle bare.
    private mutating func readTransgressor(in text: Substring) {
        guard let range = text.range(of: "transgression:") else { return }
        // A hard-wrapped paste may put the name lines below.
        let word = text[range.upperBound...].drop { $0 == " " || $0 == "\n" }.prefix { $0 != " " && $0 != "\n" }
        if AppleProcessSubject.isBundleID(word) { bundleID = String(word) }
    }
}
