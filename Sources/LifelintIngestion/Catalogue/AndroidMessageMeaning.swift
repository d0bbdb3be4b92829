import LifelintModel

/// What a catalogued Android system message says happened, and so what the recognizer makes
/// of its fields.
enum AndroidMessageMeaning: Sendable, Equatable {
    /// A process started: `{pid}`, `{process}`, and what for (`{target}`: `top-activity
    /// {com.app/.Main}`).
    case processStarted
    /// A process died (`{pid}`, `{process}` when named) for this reason; `{detail}` or
    /// `{reason}` says more.
    case processDied(ProcessDeathReason)
    /// The older ActivityManager trimmed a cached process: `No longer want com.app (pid 1234):
    /// hidden #16`.
    case noLongerWanted
    /// ActivityManager killed a process; `{reason}` is its free-text reason, classified.
    case processKilled
    /// A process exited (Zygote): `{detail}` gives the signal, if any.
    case processExited
    /// Every live process of `{package}` was force-stopped.
    case packageForceStopped
    /// An app crash report names its process (`Process: com.app, PID: 1234`).
    case crashNamesProcess
    /// An app crash report begins.
    case crashBegins
    /// The freezer froze (true) or thawed (false) `{pid}` `{process}`.
    case frozen(Bool)
    /// `{process}` or the component of `{record}` was not responding.
    case notResponding
    /// A receiver did not finish a broadcast in time; the `Receiver during timeout:` line after
    /// it names the receiver (`.timedOutReceiver`).
    case broadcastTimedOut
    /// The receiver of a broadcast that timed out: a `ResolveInfo{…}` component or a
    /// `ReceiverList{… 1540 …}` pid.
    case timedOutReceiver
    /// The system did not declare the ANR a time-out would have started: the app was crashing,
    /// already killed, or the device shutting down.
    case anrSkipped
    /// The reason of an ANR said alone: a Play Console ANR cluster's title, a report's reason
    /// pasted without it. The component it names is the app; without one, the capture's.
    case anrReason
    /// The system gave up waiting for an activity callback of the component in `{record}`.
    case callbackTimeout(ActivityCallback)
    /// The system is finishing the activity in `{detail}` (its app crashed): a timeout on it
    /// that follows says nothing of its callbacks.
    case finishingActivity
    /// A binder transaction failed; `{bytes}` is its size when the line gives it.
    case binderFailure
    /// A `TransactionTooLargeException`, anywhere in a message.
    case transactionTooLarge
    /// A `ForegroundServiceStartNotAllowedException`, anywhere in a message.
    case foregroundServiceStartNotAllowed
    /// A service started with `startForegroundService()` did not call `startForeground()` in
    /// time: the component of `{record}` (or of the message's `ServiceRecord{…}`).
    case foregroundServiceDidNotStart
    /// A time-limited foreground service (`dataSync`, `mediaProcessing`, a short service) ran
    /// past its limit without stopping: `{word}` is its type when the line says it.
    case foregroundServiceTimedOut
    /// JobScheduler stopped a job of the component in `{detail}` before it finished: it ran
    /// past its time limit (`dropped` false), or it did not bind or answer `onStartJob` in
    /// time and was dropped.
    case jobStopped(dropped: Bool)
    /// A line that only names the package running under a pid.
    case namesProcess

    /// The activity callbacks whose time-outs the system logs.
    enum ActivityCallback: String, Sendable {
        case pause
        case stop
        case destroy
        case topResumedLost = "top-resumed-lost"
    }

    /// The event the message becomes, as the catalogue's table shows it.
    var event: String {
        switch self {
        case .processStarted: "process.started"
        case let .processDied(reason): "process.died reason=\(reason.rawValue)"
        case .noLongerWanted: "process.died reason=killed"
        case .processKilled: "process.died (reason from its words)"
        case .processExited: "process.died reason=signal or by the signal"
        case .packageForceStopped: "process.died reason=force-stop, each live process"
        case .crashNamesProcess: "process.died reason=crash"
        case .crashBegins: "— (a crash report begins)"
        case let .frozen(isFrozen): isFrozen ? "process.frozen" : "process.unfrozen"
        case .notResponding, .anrReason: "evidence.anr"
        case .broadcastTimedOut: "evidence.anr, once the next line names the receiver"
        case .timedOutReceiver: "— (names the receiver of the broadcast that timed out)"
        case .anrSkipped: "— (the time-out just before it was no ANR)"
        case .callbackTimeout(.pause): "evidence.pause-timeout"
        case let .callbackTimeout(callback): "evidence.callback-timeout callback=\(callback.rawValue)"
        case .finishingActivity: "— (later timeouts on the activity are the crash's)"
        case .binderFailure, .transactionTooLarge: "evidence.transaction-too-large"
        case .foregroundServiceStartNotAllowed: "evidence.fgs-start-not-allowed"
        case .foregroundServiceDidNotStart: "evidence.fgs-did-not-start"
        case .foregroundServiceTimedOut: "evidence.fgs-timeout"
        case let .jobStopped(dropped): "evidence.job-stopped dropped=\(dropped)"
        case .namesProcess: "— (names the pid's package)"
        }
    }
}
