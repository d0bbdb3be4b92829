import LifelintModel

/// One `ApplicationExitInfo` record of `dumpsys activity exit-info`: Android's own account of
/// how a process ended (Android 11+), the authoritative reason where logcat only says it died.
struct ExitInfoRecord: Sendable {
    /// The line of `ApplicationExitInfo #N:`.
    var line: Int
    /// From the `package:` header the record is listed under.
    var package: String?
    var fields: [String: String] = [:]

    var time: Timestamp { fields["timestamp"].flatMap(TimestampParser.parse) ?? .unknown }
    var pid: Int32? { fields["pid"].flatMap { Int32($0) } }
    var process: String? { fields["process"] }

    /// `3 (LOW_MEMORY)` → `LOW_MEMORY`; `16 (PACKAGE UPDATED)` → `PACKAGE_UPDATED`.
    var exitReason: String? { Self.name(fields["reason"]) }
    var subreason: String? { Self.name(fields["subreason"]) }

    /// Records are listed per package, newest first: events go out in time, then line, order.
    static func inTimeOrder(_ first: ExitInfoRecord, _ second: ExitInfoRecord) -> Bool {
        (first.time.nanoseconds, first.line) < (second.time.nanoseconds, second.line)
    }

    func event(path: String) -> Event {
        let (reason, initiator) = death
        var attributes: Attributes = ["reason": reason, "initiator": initiator.rawValue, "source": "exit-info"]
        attributes["exit_reason"] = exitReason
        if let subreason, subreason != "UNKNOWN" { attributes["subreason"] = subreason }
        attributes["importance"] = fields["importance"].flatMap { Int($0) }.map(Self.importanceName)
        if let description = fields["description"], description != "null" { attributes["detail"] = description }
        let app = package ?? process.map(ProcessName.package) ?? pid.map(Event.appName(forUnknownPid:)) ?? "unknown"
        if let process, process != app { attributes["process"] = process }
        return Event(time: time, app: app, pid: pid, platform: .android, name: EventName.processDied, attributes: attributes, source: SourceLocation(path: path, line: line))
    }

    /// The death in lifelint's terms (`ProcessDeathReason`): a swipe from recents (`REMOVE
    /// TASK`) and a force stop are the user's; an update's stop is the system's.
    var death: (reason: String, initiator: DeathInitiator) {
        if subreason == "REMOVE_TASK" { return (ProcessDeathReason.user.rawValue, .user) }
        switch exitReason {
        case "EXIT_SELF": return ("exit-self", .unknown)
        case "SIGNALED": return (ProcessDeathReason.signal.rawValue, .system)
        case "LOW_MEMORY": return (ProcessDeathReason.lowMemory.rawValue, .system)
        case "CRASH", "CRASH_NATIVE", "INITIALIZATION_FAILURE": return (ProcessDeathReason.crash.rawValue, .crash)
        case "ANR": return (ProcessDeathReason.anr.rawValue, .crash)
        case "USER_REQUESTED": return (ProcessDeathReason.forceStop.rawValue, .user)
        case "PACKAGE_UPDATED": return (ProcessDeathReason.forceStop.rawValue, .system)
        case "UNKNOWN", nil: return (ProcessDeathReason.unknown.rawValue, .unknown)
        default: return (ProcessDeathReason.killed.rawValue, .system)
        }
    }

    /// `ApplicationExitInfo.REASON_*` by number, written as `dumpsys` writes a reason
    /// (`6 (ANR)`), for exit records relayed as numbers.
    static func reasonName(code: Int) -> String {
        let names = [
            "UNKNOWN", "EXIT_SELF", "SIGNALED", "LOW_MEMORY", "CRASH", "CRASH_NATIVE", "ANR", "INITIALIZATION_FAILURE", "PERMISSION_CHANGE",
            "EXCESSIVE_RESOURCE_USAGE", "USER_REQUESTED", "USER_STOPPED", "DEPENDENCY_DIED", "OTHER", "FREEZER", "PACKAGE_STATE_CHANGE", "PACKAGE_UPDATED",
        ]
        return names.indices.contains(code) ? "\(code) (\(names[code]))" : String(code)
    }

    /// `ActivityManager.RunningAppProcessInfo` importance, as a word.
    static func importanceName(_ value: Int) -> String {
        switch value {
        case ...100: "foreground"
        case 101...125: "foreground-service"
        case 126...200: "visible"
        case 201...230: "perceptible"
        case 231...300: "service"
        case 301...325: "top-sleeping"
        case 326...350: "cant-save-state"
        case 351...400: "cached"
        case 1000...: "gone"
        default: String(value)
        }
    }

    private static func name(_ value: String?) -> String? {
        guard let value, let open = value.firstIndex(of: "("), let close = value.lastIndex(of: ")"), open < close else { return value }
        return value[value.index(after: open)..<close].replacingOccurrences(of: " ", with: "_")
    }
}
