/// An event's name: `persist.begin`, `activity.stopped`. A type, so the names lifelint itself
/// produces and reads are declared once (the cases of `KnownEventName`, made constants here,
/// with their meanings in `EventVocabulary`; a test keeps the lists equal), and an app's own names
/// (instrumentation, mappings) are values of the same type. Not a string literal: a misspelt
/// name must not compile.
public struct EventName: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// The name's number in `EventNameCodes`, or -1 past its capacity: equality and hashing
    /// compare one integer, not the string, on every consumer's per-event path.
    package let code: Int32
    /// The case of a name lifelint knows, set when the name is made.
    package let known: KnownEventName?

    public init(rawValue: String) {
        let entry = EventNameCodes.shared.entry(for: rawValue)
        // A name lifelint knows keeps the literal text of its case: a literal is never
        // reference counted, and the name is copied with its event at every stage.
        self.rawValue = entry.known?.rawValue ?? rawValue
        code = entry.code
        known = entry.known
    }

    package init(_ known: KnownEventName) {
        self.init(rawValue: known.rawValue)
    }

    public init(_ rawValue: String) { self.init(rawValue: rawValue) }

    /// Whether this is the known name. From another module, `known == name` compares through
    /// `Equatable`'s witness table; consumers ask this on every event.
    package func `is`(_ name: KnownEventName) -> Bool { known == name }

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

    public static let activityCreated = EventName(.activityCreated)
    public static let activityStarted = EventName(.activityStarted)
    public static let activityResumed = EventName(.activityResumed)
    public static let activityPaused = EventName(.activityPaused)
    public static let activityStopped = EventName(.activityStopped)
    public static let activityDestroyed = EventName(.activityDestroyed)
    public static let activityRestarted = EventName(.activityRestarted)
    public static let activityTopGained = EventName(.activityTopGained)
    public static let activityTopLost = EventName(.activityTopLost)
    public static let processStarted = EventName(.processStarted)
    public static let processDied = EventName(.processDied)
    public static let processFrozen = EventName(.processFrozen)
    public static let processUnfrozen = EventName(.processUnfrozen)
    public static let sceneWillConnect = EventName(.sceneWillConnect)
    public static let sceneDidBecomeActive = EventName(.sceneDidBecomeActive)
    public static let sceneWillResignActive = EventName(.sceneWillResignActive)
    public static let sceneDidEnterBackground = EventName(.sceneDidEnterBackground)
    public static let sceneWillEnterForeground = EventName(.sceneWillEnterForeground)
    public static let sceneDidDisconnect = EventName(.sceneDidDisconnect)
    public static let appDidFinishLaunching = EventName(.appDidFinishLaunching)
    public static let appWillTerminate = EventName(.appWillTerminate)
    public static let appMemoryWarning = EventName(.appMemoryWarning)
    public static let appInfo = EventName(.appInfo)
    public static let systemForeground = EventName(.systemForeground)
    public static let systemBackground = EventName(.systemBackground)
    public static let appstateActive = EventName(.appstateActive)
    public static let appstateBackground = EventName(.appstateBackground)
    public static let appstateInactive = EventName(.appstateInactive)
    public static let appstateFocus = EventName(.appstateFocus)
    public static let appstateBlur = EventName(.appstateBlur)
    public static let flutterResumed = EventName(.flutterResumed)
    public static let flutterInactive = EventName(.flutterInactive)
    public static let flutterHidden = EventName(.flutterHidden)
    public static let flutterPaused = EventName(.flutterPaused)
    public static let flutterDetached = EventName(.flutterDetached)
    public static let inputEdited = EventName(.inputEdited)
    public static let persistBegin = EventName(.persistBegin)
    public static let persistEnd = EventName(.persistEnd)
    public static let stateSaved = EventName(.stateSaved)
    public static let stateRestored = EventName(.stateRestored)
    public static let navRestored = EventName(.navRestored)
    public static let screenShown = EventName(.screenShown)
    public static let bgtaskBegin = EventName(.bgtaskBegin)
    public static let bgtaskEnd = EventName(.bgtaskEnd)
    public static let bgtaskExpired = EventName(.bgtaskExpired)
    public static let workEnqueued = EventName(.workEnqueued)
    public static let fgsStart = EventName(.fgsStart)
    public static let pushReceived = EventName(.pushReceived)
    public static let requestBegin = EventName(.requestBegin)
    public static let requestEnd = EventName(.requestEnd)
    public static let socketOpen = EventName(.socketOpen)
    public static let socketClose = EventName(.socketClose)
    public static let socketSend = EventName(.socketSend)
    public static let socketProbe = EventName(.socketProbe)
    public static let socketPong = EventName(.socketPong)
    public static let socketProbeTimeout = EventName(.socketProbeTimeout)
    public static let syncResync = EventName(.syncResync)
    public static let syncCatchup = EventName(.syncCatchup)
    public static let authRefresh = EventName(.authRefresh)
    public static let privacyCoverShown = EventName(.privacyCoverShown)
    public static let privacyCoverHidden = EventName(.privacyCoverHidden)
    public static let sensitiveShown = EventName(.sensitiveShown)
    public static let subscriptionOpen = EventName(.subscriptionOpen)
    public static let subscriptionClose = EventName(.subscriptionClose)
    public static let launchDeeplink = EventName(.launchDeeplink)
    public static let mediaPause = EventName(.mediaPause)
    public static let mediaResume = EventName(.mediaResume)
    public static let evidenceTransactionTooLarge = EventName(.evidenceTransactionTooLarge)
    public static let evidenceFgsStartNotAllowed = EventName(.evidenceFgsStartNotAllowed)
    public static let evidenceAnr = EventName(.evidenceAnr)
    public static let evidenceAnrDump = EventName(.evidenceAnrDump)
    public static let evidencePauseTimeout = EventName(.evidencePauseTimeout)
    public static let evidenceCallbackTimeout = EventName(.evidenceCallbackTimeout)
    public static let evidenceFgsDidNotStart = EventName(.evidenceFgsDidNotStart)
    public static let evidenceFgsTimeout = EventName(.evidenceFgsTimeout)
    public static let evidenceJobStopped = EventName(.evidenceJobStopped)
    public static let evidenceStateNotSaved = EventName(.evidenceStateNotSaved)
    public static let evidenceAppExits = EventName(.evidenceAppExits)
    public static let reporterEvent = EventName(.reporterEvent)
    public static let testStarted = EventName(.testStarted)
    public static let testFinished = EventName(.testFinished)
    public static let testExpect = EventName(.testExpect)
    public static let phaseActive = EventName(.phaseActive)
    public static let phaseInactive = EventName(.phaseInactive)
    public static let phaseBackground = EventName(.phaseBackground)
    public static let phaseTerminated = EventName(.phaseTerminated)
    public static let phaseColdStart = EventName(.phaseColdStart)
}
