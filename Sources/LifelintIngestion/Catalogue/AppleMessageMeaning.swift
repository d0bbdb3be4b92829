/// What an Apple system message means for the app it names; `AppleSystemLine` turns it into
/// facts, reading what the text after the message's words says where a meaning needs it.
enum AppleMessageMeaning: Sendable, Equatable {
    /// The process was thawed.
    case resumed
    /// The process was frozen: it runs no code until resumed.
    case suspended
    /// The task state after the words: `Running` or `Suspended`.
    case taskState
    /// The visibility after the words: `Foreground` or `Background`.
    case visibility
    /// The app held background time past what it was allowed (`who` said so).
    case backgroundTimeExpired(who: String)
    /// The process is gone, without a stated reason; `detail` is what the table and the event
    /// say, the line's first words when nil.
    case exitReported(detail: String?)
    /// `Process exited: <RBSProcessExitContext| …>`: how, from the context's domain and code.
    case exited
    /// `Terminating with context: <RBSTerminateContext| …>`: the system's kill and its code.
    case terminated
    /// RunningBoard's state and role (`running-active (role: UserInteractiveFocal)`).
    case calculatedState
    /// A client's view of RunningBoard's state (`running-suspended-NotVisible`).
    case stateUpdate
    /// SpringBoard's `<SBApplicationProcessState: … taskState: Running; visibility: Foreground>`.
    case processState
    /// launchd's `Exited: Killed`, or another exit.
    case launchdExited
    /// The app's process ended on its own.
    case exitedVoluntarily
    /// The app's process ended by a signal: 9 is a kill, others a crash.
    case exitedBySignal

    /// The events the message becomes, as the catalogue's table shows them.
    var event: String {
        switch self {
        case .resumed: "process.unfrozen (after a suspension)"
        case .suspended: "process.frozen"
        case .taskState: "process.frozen or process.unfrozen"
        case .visibility: "system.foreground or system.background"
        case .backgroundTimeExpired: "bgtask.expired source=system"
        case .exitReported: "process.died reason=unknown"
        case .exited: "process.died, the reason from the exit context"
        case .terminated: "process.died, the reason from the code"
        case .calculatedState: "system.foreground (focal), system.background, process.frozen"
        case .stateUpdate: "system.background and process.frozen (suspended), system.background (active, not visible)"
        case .processState: "system.foreground or system.background; process.frozen or process.unfrozen"
        case .launchdExited: "process.died reason=killed or exited"
        case .exitedVoluntarily: "process.died reason=exited"
        case .exitedBySignal: "process.died reason=killed (signal 9) or crash"
        }
    }
}
