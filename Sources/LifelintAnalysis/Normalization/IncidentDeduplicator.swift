import LifelintModel

/// Drops the second report of one incident, whatever container it came from: platforms log one
/// death several times (lmkd, Zygote, ActivityManager, the events buffer; RunningBoard's states;
/// an exit-info record beside the logcat) and one piece of evidence twice (`am_anr` and `ANR
/// in`, a binder failure and its exception). Sees events in time order, after the reorder
/// window; the first report is the one kept.
struct IncidentDeduplicator {
    /// When and where an incident was last reported, by which process, and why. One is kept
    /// for every live process (a trace may start a million), so only what is compared is kept:
    /// the line and the file, not the whole place.
    private struct Sighting {
        let time: Timestamp
        let line: Int
        let path: String
        /// Reports from two processes (a restart within the window) are two incidents.
        let pid: Int32?
        /// Two reports that give different reasons (MetricKit's exits by reason) are two incidents.
        let reason: String?

        init(_ event: Event) {
            time = event.time
            line = event.source.line
            path = event.source.path
            pid = event.pid
            reason = event.attributes["reason"]
        }

        func isSameIncident(as later: Event) -> Bool {
            if let pid, let laterPid = later.pid, pid != laterPid { return false }
            // A death whose reason is unknown (a process exit a trace saw) contradicts none.
            let unknown = ProcessDeathReason.unknown.rawValue
            if let reason, let laterReason = later.attributes["reason"], reason != laterReason, reason != unknown, laterReason != unknown { return false }
            let hang =
                later.name.is(.evidenceAnr) || later.name.is(.evidencePauseTimeout) || later.name.is(.evidenceCallbackTimeout)
                || later.name.is(.evidenceFgsDidNotStart) || later.name.is(.evidenceFgsTimeout)
            let window = hang ? IncidentWindow.hangNanoseconds : IncidentWindow.nanoseconds
            return IncidentWindow.contains(
                later.time, line: later.source.line, after: time, line: line, sameFile: later.source.path == path, within: window)
        }
    }

    private struct Key: Hashable {
        let name: EventName
        let subject: String
    }

    /// Per evidence name, the last report under the app and under the pid: an incident one
    /// line reports by package and another by pid is still one.
    private var lastEvidence: [Key: Sighting] = [:]
    /// Processes whose death was reported and that have not started again, by app (and
    /// secondary process, `processKey(_:)`); the pid is compared in the sighting, so a death
    /// without one is cleared by the next start too.
    private var dead: [String: Sighting] = [:]
    /// Each process's last start, by the same key: a trace that reports one start twice (the
    /// log's `Start proc` and the trace's `bindApplication`) reports one start.
    private var started: [String: Sighting] = [:]
    private(set) var dropped = 0

    /// Whether the event reports an incident already reported.
    mutating func isRepeat(_ event: Event) -> Bool {
        if event.name.is(.processDied) { return isRepeatedDeath(event) }
        if event.name.is(.processStarted) { return isRepeatedStart(event) }
        // First byte first: this runs on every event, and few are evidence.
        guard event.name.rawValue.utf8.first == UInt8(ascii: "e"), event.name.hasPrefix("evidence.") else { return false }
        let name = Self.incidentName(event)
        let keys = [Key(name: name, subject: event.app)] + (event.pid.map { [Key(name: name, subject: "pid \($0)")] } ?? [])
        if keys.contains(where: { lastEvidence[$0]?.isSameIncident(as: event) == true }) { return drop() }
        let sighting = Sighting(event)
        for key in keys { lastEvidence[key] = sighting }
        return false
    }

    /// A second death of the same process (same app, same pid or one report without, no start
    /// between) within the incident window: the same death said again.
    private mutating func isRepeatedDeath(_ event: Event) -> Bool {
        let key = processKey(event)
        if dead[key]?.isSameIncident(as: event) == true { return drop() }
        dead[key] = Sighting(event)
        started[key] = nil
        return false
    }

    /// A second start of one pid (both reports name it) with no death between, within the
    /// incident window.
    private mutating func isRepeatedStart(_ event: Event) -> Bool {
        let key = processKey(event)
        if let last = started[key], last.pid != nil, event.pid != nil, last.isSameIncident(as: event) { return drop() }
        dead[key] = nil
        started[key] = Sighting(event)
        return false
    }

    /// The incident an evidence event reports: a pause timeout and the stop timeout after it
    /// are one blocked main thread, seen at two steps; other callback timeouts are their own. A
    /// foreground service the system gave up on is reported as an ANR (whose reason names it)
    /// or a crash, or both: one incident, whichever came first.
    private static func incidentName(_ event: Event) -> EventName {
        if event.name.is(.evidenceFgsDidNotStart) || event.name.is(.evidenceFgsTimeout) { return EventName.evidenceAnr }
        guard event.name.is(.evidenceCallbackTimeout) else { return event.name }
        let callback = event.attributes["callback"] ?? ""
        return callback == "stop" ? EventName.evidencePauseTimeout : EventName("evidence.callback-timeout." + callback)
    }

    /// A secondary process (`com.app:remote`) dies on its own.
    private func processKey(_ event: Event) -> String {
        event.app + "|" + (event.attributes["process"] ?? "")
    }

    private mutating func drop() -> Bool {
        dropped += 1
        return true
    }
}
