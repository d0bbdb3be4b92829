import LifelintModel

/// What the phase deriver knows about one app: its phase, what drives it on each platform, and
/// the facts of the current process incarnation that the next cold start inherits. The
/// references come first and the one-byte fields together: 32 bytes, for a trace may name a
/// million apps.
struct AppLifecycle {
    /// Android: the visible activities (started or resumed, not yet stopped), by token, else
    /// by class name (a class counts its instances), else under one key for traces that name
    /// neither.
    var visibleActivities = VisibleActivities()
    /// iOS: each connected scene's own phase.
    var scenes: [String: AppPhase] = [:]
    var lastDeath: Death?
    /// Nil until the trace shows it: a capture begins mid-session, and the app's state before
    /// its first line is unknown, never assumed.
    var phase: AppPhase?
    /// What the next `phase.active` follows: `launch`, `background`, `system-kill`, `user-kill`,
    /// `crash`, `inactive`, or `unknown` when the trace began mid-run.
    var resumeContext = ResumeContext.unknown
    /// True from a cold start until the incarnation first changes phase (an iOS
    /// `did-finish-launching` right after a process start is the same launch).
    var awaitingLaunch = false
    /// The app reports its own lifecycle callbacks (iOS scenes, React Native or Flutter
    /// states): those drive its phases, and the system's coarser view (`system.*`) only fills
    /// in for apps that report none.
    var reportsOwnCallbacks = false
    /// The trace shows the app's activities (Android): they decide its background entries, and
    /// a Flutter `paused` (also sent when the app opens a native activity of its own) does not.
    var hasActivityEvidence = false
    var incarnation = IncarnationFacts()

    struct IncarnationFacts {
        var savedState = false
        var unsavedInput = false
    }

    /// How the last incarnation ended. Boxed: most apps of a trace never die in it, and an
    /// app's state stays small when a trace names a million apps.
    final class Death: Sendable {
        let reason: String
        let initiator: String
        let facts: IncarnationFacts

        init(reason: String, initiator: String, facts: IncarnationFacts) {
            self.reason = reason
            self.initiator = initiator
            self.facts = facts
        }
    }

    var hasVisibleActivity: Bool { !visibleActivities.isEmpty }

    /// The key an activity callback is tracked under: its token, else its class name, else
    /// none (a trace that names neither, such as the Chrome framework slices). A case, not a
    /// prefixed string: no string is made per callback.
    enum ActivityKey: Hashable {
        case token(String)
        case component(String)
        case unnamed
    }

    static func activityKey(_ event: Event) -> ActivityKey {
        if let token = event.attributes["token"] { return .token(token) }
        return event.attributes["component"].map(ActivityKey.component) ?? .unnamed
    }

    /// An activity became visible; `implied` for a callback (resumed, paused) that shows it
    /// was started although its start was not seen.
    mutating func showActivity(_ key: ActivityKey, implied: Bool) {
        let count = visibleActivities[key] ?? 0
        if implied {
            if count == 0, key != .unnamed || visibleActivities.isEmpty { visibleActivities[key] = 1 }
            return
        }
        // A token names one activity; a class may have several instances.
        visibleActivities[key] = if case .token = key { 1 } else { count + 1 }
    }

    /// An activity stopped. One without a name is the unnamed one, or the only one visible;
    /// when that is ambiguous nothing is hidden, so no departure is inferred.
    mutating func hideActivity(_ key: ActivityKey) {
        var key = key
        if key == .unnamed, visibleActivities[.unnamed] == nil, visibleActivities.count == 1, let only = visibleActivities.firstKey { key = only }
        guard let count = visibleActivities[key] else { return }
        visibleActivities[key] = count > 1 ? count - 1 : nil
    }

    mutating func note(_ event: Event) {
        switch event.name.known {
        case .stateSaved?: incarnation.savedState = true
        case .inputEdited?: incarnation.unsavedInput = true
        case .persistEnd? where event.attributes["ok"] != "false": incarnation.unsavedInput = false
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

    /// Who ended the process: the death's own `initiator` when the trace said (a force stop
    /// by the system), else what its reason implies.
    static func initiator(of death: Event?, reason: String) -> String {
        if let initiator = death?.attributes["initiator"] { return initiator }
        return (ProcessDeathReason(rawValue: reason)?.initiator ?? .unknown).rawValue
    }
}
