/// What the phase deriver knows about one app: its phase, what drives it on each platform, and
/// the facts of the current process incarnation that the next cold start inherits.
struct AppLifecycle {
    var phase: AppPhase?
    /// Android: activities between `started` and `stopped`.
    var startedActivities = 0
    /// iOS: each connected scene's own phase.
    var scenes: [String: AppPhase] = [:]
    /// What the next `phase.active` follows: `launch`, `background`, `system-kill`, `user-kill`,
    /// `crash`, `inactive`, or `unknown` when the trace began mid-run.
    var resumeContext = "unknown"
    /// True from a cold start until the incarnation first changes phase (an iOS
    /// `did-finish-launching` right after a process start is the same launch).
    var awaitingLaunch = false
    var incarnation = IncarnationFacts()
    var lastDeath: Death?

    struct IncarnationFacts {
        var savedState = false
        var unsavedInput = false
    }

    struct Death {
        var reason: String
        var initiator: String
        var facts: IncarnationFacts
    }

    mutating func note(_ event: Event) {
        switch event.name {
        case "state.saved": incarnation.savedState = true
        case "input.edited": incarnation.unsavedInput = true
        case "persist.end" where event.attributes["ok"] != "false": incarnation.unsavedInput = false
        default: break
        }
    }

    /// iOS: the app is active if any scene is, inactive if any is in the foreground, else background.
    var scenePhase: AppPhase {
        let phases = Set(scenes.values)
        if phases.contains(.foregroundActive) { return .foregroundActive }
        if phases.contains(.foregroundInactive) { return .foregroundInactive }
        return .background
    }

    static func initiator(ofDeathReason reason: String) -> String {
        guard let reason = ProcessDeathReason(rawValue: reason) else { return "unknown" }
        if reason.isSystemInitiated { return "system" }
        switch reason {
        case .user: return "user"
        case .crash, .anr: return "crash"
        default: return "unknown"
        }
    }
}
