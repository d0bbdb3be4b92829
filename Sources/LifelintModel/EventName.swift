/// An event's name: `persist.begin`, `activity.stopped`. A type, so the names lifelint itself
/// produces and reads are constants declared once (here, with their meanings in
/// `EventVocabulary`; a test keeps the two lists equal), and an app's own names
/// (instrumentation, mappings) are values of the same type. Not a string literal: a misspelt
/// name must not compile.
public struct EventName: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// The name's number in `EventNameCodes`, or -1 past its capacity: equality and hashing
    /// compare one integer, not the string, on every consumer's per-event path.
    package let code: Int32

    public init(rawValue: String) {
        self.rawValue = rawValue
        code = EventNameCodes.shared.code(for: rawValue)
    }

    public init(_ rawValue: String) { self.init(rawValue: rawValue) }

    public var description: String { rawValue }

    /// `persist` for `persist.begin`.
    public var family: Substring { rawValue.prefix { $0 != "." } }

    public func hasPrefix(_ prefix: String) -> Bool { rawValue.hasPrefix(prefix) }

    public static func == (lhs: EventName, rhs: EventName) -> Bool {
        lhs.code == rhs.code && (lhs.code >= 0 || lhs.rawValue == rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) {
        if code >= 0 { hasher.combine(code) } else { hasher.combine(rawValue) }
    }

    public static func < (lhs: EventName, rhs: EventName) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let activityCreated = EventName(rawValue: "activity.created")
    public static let activityStarted = EventName(rawValue: "activity.started")
    public static let activityResumed = EventName(rawValue: "activity.resumed")
    public static let activityPaused = EventName(rawValue: "activity.paused")
    public static let activityStopped = EventName(rawValue: "activity.stopped")
    public static let activityDestroyed = EventName(rawValue: "activity.destroyed")
    public static let activityRestarted = EventName(rawValue: "activity.restarted")
    public static let activityTopGained = EventName(rawValue: "activity.top-gained")
    public static let activityTopLost = EventName(rawValue: "activity.top-lost")
    public static let processStarted = EventName(rawValue: "process.started")
    public static let processDied = EventName(rawValue: "process.died")
    public static let processFrozen = EventName(rawValue: "process.frozen")
    public static let processUnfrozen = EventName(rawValue: "process.unfrozen")
    public static let sceneWillConnect = EventName(rawValue: "scene.will-connect")
    public static let sceneDidBecomeActive = EventName(rawValue: "scene.did-become-active")
    public static let sceneWillResignActive = EventName(rawValue: "scene.will-resign-active")
    public static let sceneDidEnterBackground = EventName(rawValue: "scene.did-enter-background")
    public static let sceneWillEnterForeground = EventName(rawValue: "scene.will-enter-foreground")
    public static let sceneDidDisconnect = EventName(rawValue: "scene.did-disconnect")
    public static let appDidFinishLaunching = EventName(rawValue: "app.did-finish-launching")
    public static let appWillTerminate = EventName(rawValue: "app.will-terminate")
    public static let appMemoryWarning = EventName(rawValue: "app.memory-warning")
    public static let appInfo = EventName(rawValue: "app.info")
    public static let systemForeground = EventName(rawValue: "system.foreground")
    public static let systemBackground = EventName(rawValue: "system.background")
    public static let appstateActive = EventName(rawValue: "appstate.active")
    public static let appstateBackground = EventName(rawValue: "appstate.background")
    public static let appstateInactive = EventName(rawValue: "appstate.inactive")
    public static let appstateFocus = EventName(rawValue: "appstate.focus")
    public static let appstateBlur = EventName(rawValue: "appstate.blur")
    public static let flutterResumed = EventName(rawValue: "flutter.resumed")
    public static let flutterInactive = EventName(rawValue: "flutter.inactive")
    public static let flutterHidden = EventName(rawValue: "flutter.hidden")
    public static let flutterPaused = EventName(rawValue: "flutter.paused")
    public static let flutterDetached = EventName(rawValue: "flutter.detached")
    public static let inputEdited = EventName(rawValue: "input.edited")
    public static let persistBegin = EventName(rawValue: "persist.begin")
    public static let persistEnd = EventName(rawValue: "persist.end")
    public static let stateSaved = EventName(rawValue: "state.saved")
    public static let stateRestored = EventName(rawValue: "state.restored")
    public static let navRestored = EventName(rawValue: "nav.restored")
    public static let screenShown = EventName(rawValue: "screen.shown")
    public static let bgtaskBegin = EventName(rawValue: "bgtask.begin")
    public static let bgtaskEnd = EventName(rawValue: "bgtask.end")
    public static let bgtaskExpired = EventName(rawValue: "bgtask.expired")
    public static let workEnqueued = EventName(rawValue: "work.enqueued")
    public static let fgsStart = EventName(rawValue: "fgs.start")
    public static let pushReceived = EventName(rawValue: "push.received")
    public static let requestBegin = EventName(rawValue: "request.begin")
    public static let requestEnd = EventName(rawValue: "request.end")
    public static let socketOpen = EventName(rawValue: "socket.open")
    public static let socketClose = EventName(rawValue: "socket.close")
    public static let socketSend = EventName(rawValue: "socket.send")
    public static let socketProbe = EventName(rawValue: "socket.probe")
    public static let socketPong = EventName(rawValue: "socket.pong")
    public static let socketProbeTimeout = EventName(rawValue: "socket.probe-timeout")
    public static let syncResync = EventName(rawValue: "sync.resync")
    public static let syncCatchup = EventName(rawValue: "sync.catchup")
    public static let authRefresh = EventName(rawValue: "auth.refresh")
    public static let privacyCoverShown = EventName(rawValue: "privacy.cover-shown")
    public static let privacyCoverHidden = EventName(rawValue: "privacy.cover-hidden")
    public static let sensitiveShown = EventName(rawValue: "sensitive.shown")
    public static let subscriptionOpen = EventName(rawValue: "subscription.open")
    public static let subscriptionClose = EventName(rawValue: "subscription.close")
    public static let launchDeeplink = EventName(rawValue: "launch.deeplink")
    public static let mediaPause = EventName(rawValue: "media.pause")
    public static let mediaResume = EventName(rawValue: "media.resume")
    public static let evidenceTransactionTooLarge = EventName(rawValue: "evidence.transaction-too-large")
    public static let evidenceFgsStartNotAllowed = EventName(rawValue: "evidence.fgs-start-not-allowed")
    public static let evidenceAnr = EventName(rawValue: "evidence.anr")
    public static let evidencePauseTimeout = EventName(rawValue: "evidence.pause-timeout")
    public static let evidenceStateNotSaved = EventName(rawValue: "evidence.state-not-saved")
    public static let evidenceAppExits = EventName(rawValue: "evidence.app-exits")
    public static let phaseActive = EventName(rawValue: "phase.active")
    public static let phaseInactive = EventName(rawValue: "phase.inactive")
    public static let phaseBackground = EventName(rawValue: "phase.background")
    public static let phaseTerminated = EventName(rawValue: "phase.terminated")
    public static let phaseColdStart = EventName(rawValue: "phase.cold-start")
}
