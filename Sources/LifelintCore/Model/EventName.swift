/// An event's name: `persist.begin`, `activity.stopped`. A type, so the names lifelint itself
/// produces and reads are constants declared once (here, with their meanings in
/// `EventVocabulary`), and an app's own names (instrumentation, mappings) are values of the
/// same type.
public struct EventName: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// `persist` for `persist.begin`.
    public var family: Substring { rawValue.prefix { $0 != "." } }

    public func hasPrefix(_ prefix: String) -> Bool { rawValue.hasPrefix(prefix) }

    public static func < (lhs: EventName, rhs: EventName) -> Bool { lhs.rawValue < rhs.rawValue }

    public static var activityCreated: EventName { "activity.created" }
    public static var activityStarted: EventName { "activity.started" }
    public static var activityResumed: EventName { "activity.resumed" }
    public static var activityPaused: EventName { "activity.paused" }
    public static var activityStopped: EventName { "activity.stopped" }
    public static var activityDestroyed: EventName { "activity.destroyed" }
    public static var activityRestarted: EventName { "activity.restarted" }
    public static var activityTopGained: EventName { "activity.top-gained" }
    public static var activityTopLost: EventName { "activity.top-lost" }
    public static var processStarted: EventName { "process.started" }
    public static var processDied: EventName { "process.died" }
    public static var processFrozen: EventName { "process.frozen" }
    public static var processUnfrozen: EventName { "process.unfrozen" }
    public static var sceneWillConnect: EventName { "scene.will-connect" }
    public static var sceneDidBecomeActive: EventName { "scene.did-become-active" }
    public static var sceneWillResignActive: EventName { "scene.will-resign-active" }
    public static var sceneDidEnterBackground: EventName { "scene.did-enter-background" }
    public static var sceneWillEnterForeground: EventName { "scene.will-enter-foreground" }
    public static var sceneDidDisconnect: EventName { "scene.did-disconnect" }
    public static var appDidFinishLaunching: EventName { "app.did-finish-launching" }
    public static var appWillTerminate: EventName { "app.will-terminate" }
    public static var appMemoryWarning: EventName { "app.memory-warning" }
    public static var systemForeground: EventName { "system.foreground" }
    public static var systemBackground: EventName { "system.background" }
    public static var appstateActive: EventName { "appstate.active" }
    public static var appstateBackground: EventName { "appstate.background" }
    public static var appstateInactive: EventName { "appstate.inactive" }
    public static var appstateFocus: EventName { "appstate.focus" }
    public static var appstateBlur: EventName { "appstate.blur" }
    public static var flutterResumed: EventName { "flutter.resumed" }
    public static var flutterInactive: EventName { "flutter.inactive" }
    public static var flutterHidden: EventName { "flutter.hidden" }
    public static var flutterPaused: EventName { "flutter.paused" }
    public static var flutterDetached: EventName { "flutter.detached" }
    public static var inputEdited: EventName { "input.edited" }
    public static var persistBegin: EventName { "persist.begin" }
    public static var persistEnd: EventName { "persist.end" }
    public static var stateSaved: EventName { "state.saved" }
    public static var stateRestored: EventName { "state.restored" }
    public static var navRestored: EventName { "nav.restored" }
    public static var screenShown: EventName { "screen.shown" }
    public static var bgtaskBegin: EventName { "bgtask.begin" }
    public static var bgtaskEnd: EventName { "bgtask.end" }
    public static var bgtaskExpired: EventName { "bgtask.expired" }
    public static var workEnqueued: EventName { "work.enqueued" }
    public static var fgsStart: EventName { "fgs.start" }
    public static var pushReceived: EventName { "push.received" }
    public static var requestBegin: EventName { "request.begin" }
    public static var requestEnd: EventName { "request.end" }
    public static var socketOpen: EventName { "socket.open" }
    public static var socketClose: EventName { "socket.close" }
    public static var socketSend: EventName { "socket.send" }
    public static var socketProbe: EventName { "socket.probe" }
    public static var socketPong: EventName { "socket.pong" }
    public static var socketProbeTimeout: EventName { "socket.probe-timeout" }
    public static var syncResync: EventName { "sync.resync" }
    public static var syncCatchup: EventName { "sync.catchup" }
    public static var authRefresh: EventName { "auth.refresh" }
    public static var privacyCoverShown: EventName { "privacy.cover-shown" }
    public static var privacyCoverHidden: EventName { "privacy.cover-hidden" }
    public static var sensitiveShown: EventName { "sensitive.shown" }
    public static var subscriptionOpen: EventName { "subscription.open" }
    public static var subscriptionClose: EventName { "subscription.close" }
    public static var launchDeeplink: EventName { "launch.deeplink" }
    public static var mediaPause: EventName { "media.pause" }
    public static var mediaResume: EventName { "media.resume" }
    public static var evidenceTransactionTooLarge: EventName { "evidence.transaction-too-large" }
    public static var evidenceFgsStartNotAllowed: EventName { "evidence.fgs-start-not-allowed" }
    public static var evidenceAnr: EventName { "evidence.anr" }
    public static var evidencePauseTimeout: EventName { "evidence.pause-timeout" }
    public static var evidenceStateNotSaved: EventName { "evidence.state-not-saved" }
    public static var evidenceAppExits: EventName { "evidence.app-exits" }
    public static var phaseActive: EventName { "phase.active" }
    public static var phaseInactive: EventName { "phase.inactive" }
    public static var phaseBackground: EventName { "phase.background" }
    public static var phaseTerminated: EventName { "phase.terminated" }
    public static var phaseColdStart: EventName { "phase.cold-start" }
}
