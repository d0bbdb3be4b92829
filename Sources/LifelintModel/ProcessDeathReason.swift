/// Why a process ended, as the `reason` attribute of `process.died`.
///
/// The distinction that matters most is who ended it: saved UI state is restored after the
/// system reclaims a process, and deliberately discarded after a force stop or a swipe.
public enum ProcessDeathReason: String, Sendable, CaseIterable {
    case lowMemory = "low-memory"
    case killed
    case crash
    case anr
    /// Removed from recents, or stopped at the user's request.
    case user
    /// `Force stopping`, `am_kill … stop <pkg>`: the package's tasks are finished and its
    /// state discarded, whoever asked (Settings, `am force-stop`, an install, a vendor's
    /// power manager).
    case forceStop = "force-stop"
    case signal
    case unknown

    /// Who ended the process when nothing else says: the system for its own kills, the user
    /// for a swipe or a force stop, a crash for crashes and ANRs.
    public var initiator: DeathInitiator {
        switch self {
        case .lowMemory, .killed, .signal: .system
        case .user, .forceStop: .user
        case .crash, .anr: .crash
        case .unknown: .unknown
        }
    }

    /// Classifies ActivityManager's free-text kill reasons (`Killing ...: <reason>`, `am_kill`).
    public static func classify(killReason: some StringProtocol) -> ProcessDeathReason {
        let reason = killReason.lowercased()
        let userPhrases = ["remove task", "user request", "stop user", "swipe", "from pid"]
        if !reason.hasPrefix("stop user"), reason.hasPrefix("stop ") || reason.contains("force stop") || reason.contains("forcestop") { return .forceStop }
        if userPhrases.contains(where: reason.contains) { return .user }
        if reason.contains("anr") { return .anr }
        if reason.contains("crash") { return .crash }
        if reason.contains("lmk") || reason.contains("low memory") || reason.contains("memory pressure") { return .lowMemory }
        return .killed
    }

    /// Who asked for a force stop, from its cause: a package install or removal, or a vendor's
    /// power manager (Samsung's `MARs`), is the system; `from pid 4321` (Settings, the shell)
    /// and anything else is the user.
    public static func forceStopInitiator(cause: some StringProtocol) -> DeathInitiator {
        let cause = cause.lowercased()
        let systemCauses = ["mars", "installpackage", "deletepackage", "pkg removed", "package removed", "uninstall", "update"]
        return systemCauses.contains(where: cause.contains) ? .system : .user
    }

    /// The cause in `stop com.app due to installPackageLI` or `stop com.app,MARs #1`.
    public static func forceStopCause(killReason: some StringProtocol) -> Substring {
        let reason = Substring(killReason)
        if let range = reason.firstRange(of: " due to ") { return reason[range.upperBound...] }
        if let comma = reason.firstIndex(of: ",") { return reason[reason.index(after: comma)...] }
        return ""
    }

    /// Zygote's `exited due to signal N`: a kill by SIGKILL is `signal`; the signals a
    /// faulting process raises are crashes.
    public static func classify(signal: Int) -> ProcessDeathReason {
        switch signal {
        case 4, 5, 6, 7, 8, 11, 31: return .crash
        default: return .signal
        }
    }
}

/// Who ended a process incarnation: the `initiator` of `process.died` (when the trace says)
/// and of the derived `phase.terminated` and `phase.cold-start`.
public enum DeathInitiator: String, Sendable, CaseIterable {
    case system
    case user
    case crash
    case unknown
}
