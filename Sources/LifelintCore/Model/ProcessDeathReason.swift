/// Why a process ended, as the `reason` attribute of `process.died`.
///
/// The distinction that matters most is system- versus user-initiated: saved UI state is
/// restored after the first and deliberately discarded after the second.
public enum ProcessDeathReason: String, Sendable, CaseIterable {
    case lowMemory = "low-memory"
    case killed
    case crash
    case anr
    case user
    case signal
    case unknown

    /// True when the system, not the user, ended the process.
    public var isSystemInitiated: Bool {
        switch self {
        case .lowMemory, .killed, .signal: return true
        case .crash, .anr, .user, .unknown: return false
        }
    }

    /// Classifies ActivityManager's free-text kill reasons (`Killing ...: <reason>`, `am_kill`).
    public static func classify(killReason: some StringProtocol) -> ProcessDeathReason {
        let reason = killReason.lowercased()
        let userPhrases = ["remove task", "force stop", "forcestop", "user request", "stop user", "swipe", "from pid"]
        if userPhrases.contains(where: reason.contains) { return .user }
        if reason.contains("anr") { return .anr }
        if reason.contains("crash") { return .crash }
        if reason.contains("lmk") || reason.contains("low memory") || reason.contains("memory pressure") { return .lowMemory }
        return .killed
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
