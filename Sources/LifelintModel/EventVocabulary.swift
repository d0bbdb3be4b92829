/// Every event name lifelint produces or reads, with what it means: the one list rules are
/// checked against at load (a pattern naming anything else is a typo, unless a mapping makes
/// that event), and the "Event vocabulary" of `docs/reference.md` is checked against in the tests.
public enum EventVocabulary {
    public static let events: [EventName: String] = [
        // Android activities (events buffer, Chrome/atrace slices, instrumentation).
        .activityCreated: "onCreate ran", .activityStarted: "onStart ran", .activityResumed: "onResume ran",
        .activityPaused: "onPause ran", .activityStopped: "onStop ran", .activityDestroyed: "onDestroy ran",
        .activityRestarted: "onRestart ran", .activityTopGained: "became the top resumed activity",
        .activityTopLost: "stopped being the top resumed activity",
        // Processes, on every platform.
        .processStarted: "a process started", .processDied: "a process ended (reason, initiator)",
        .processFrozen: "the process was frozen (Android) or suspended (iOS)", .processUnfrozen: "the process was thawed or resumed",
        // iOS callbacks.
        .sceneWillConnect: "a scene connected", .sceneDidBecomeActive: "a scene became active",
        .sceneWillResignActive: "a scene resigned active", .sceneDidEnterBackground: "a scene entered the background",
        .sceneWillEnterForeground: "a scene is entering the foreground", .sceneDidDisconnect: "a scene disconnected",
        .appDidFinishLaunching: "the app finished launching", .appWillTerminate: "applicationWillTerminate ran",
        .appMemoryWarning: "a memory warning",
        // iOS system evidence (RunningBoard, FrontBoard, SpringBoard).
        .systemForeground: "the system shows the app in the foreground", .systemBackground: "the system moved the app to the background",
        // React Native and Flutter.
        .appstateActive: "AppState active", .appstateBackground: "AppState background", .appstateInactive: "AppState inactive",
        .appstateFocus: "AppState focus (Android)", .appstateBlur: "AppState blur (Android)",
        .flutterResumed: "AppLifecycleState.resumed", .flutterInactive: "AppLifecycleState.inactive",
        .flutterHidden: "AppLifecycleState.hidden", .flutterPaused: "AppLifecycleState.paused (the background entry)",
        .flutterDetached: "AppLifecycleState.detached",
        // The app's own work.
        .appInfo: "the app's version and build, labelling the trace's records",
        .inputEdited: "the user typed something not yet saved", .persistBegin: "a save began", .persistEnd: "a save ended",
        .stateSaved: "instance state was saved", .stateRestored: "instance state was restored",
        .navRestored: "navigation state was restored", .screenShown: "a screen was shown",
        .bgtaskBegin: "a background task began", .bgtaskEnd: "a background task ended",
        .bgtaskExpired: "a background task expired before it was ended", .workEnqueued: "deferred work was scheduled",
        .fgsStart: "a foreground service started", .pushReceived: "a push arrived",
        .requestBegin: "a network request began", .requestEnd: "a network request ended",
        .socketOpen: "a socket opened", .socketClose: "a socket closed", .socketSend: "a message was sent on a socket",
        .socketProbe: "a liveness probe was sent", .socketPong: "a probe was answered", .socketProbeTimeout: "a probe timed out",
        .syncResync: "a resync ran", .syncCatchup: "missed messages were fetched", .authRefresh: "credentials were refreshed",
        .privacyCoverShown: "a privacy cover was shown", .privacyCoverHidden: "a privacy cover was hidden",
        .sensitiveShown: "sensitive content is on screen", .subscriptionOpen: "a subscription opened",
        .subscriptionClose: "a subscription closed", .launchDeeplink: "the app was launched by a deep link",
        .mediaPause: "media playback paused", .mediaResume: "media playback resumed",
        // The platform's own evidence.
        .evidenceTransactionTooLarge: "a binder transaction failed for its size",
        .evidenceFgsStartNotAllowed: "ForegroundServiceStartNotAllowedException",
        .evidenceAnr: "the app was not responding", .evidenceAnrDump: "an ANR's thread dump: what blocked the main thread, in which callback",
        .evidencePauseTimeout: "the system gave up waiting for a pause",
        .evidenceCallbackTimeout: "the system gave up waiting for an activity's stop, destroy or loss of top-resumed state",
        .evidenceFgsDidNotStart: "a service started with startForegroundService() did not call startForeground() in time",
        .evidenceFgsTimeout: "a time-limited foreground service ran past its limit",
        .evidenceJobStopped: "JobScheduler stopped or dropped a job before it finished",
        .evidenceStateNotSaved: "the system finished an activity whose state was never saved",
        .evidenceAppExits: "MetricKit counted exits of one kind",
        .reporterEvent: "a crash reporter's event, whose claim and trail the trace holds",
        // Instrumented tests' boundaries.
        .testStarted: "an instrumented test began", .testFinished: "an instrumented test ended (its outcome)",
        .testExpect: "a test declared what a process death must show (docs/reference.md, process-death expectations)",
        // Derived by the phase deriver.
        .phaseActive: "foreground and interactive", .phaseInactive: "visible but not focused",
        .phaseBackground: "the app left the foreground", .phaseTerminated: "the process incarnation ended",
        .phaseColdStart: "a new incarnation began",
    ]

    /// The attributes each event carries when the trace says them (beyond these, an app's own
    /// instrumentation may add any). The vocabulary and phase tables of `docs/reference.md` name the same;
    /// a test checks them.
    public static let attributes: [EventName: [String]] = {
        let activity = ["component", "token", "reason", "duration_ms", "duration_from"]
        let lists: [([EventName], [String])] = [
            (
                [
                    .activityCreated, .activityStarted, .activityResumed, .activityPaused, .activityStopped, .activityDestroyed,
                    .activityRestarted, .activityTopGained, .activityTopLost,
                ], activity
            ),
            ([.processStarted], ["package", "hosting", "component", "process"]),
            (
                [.processDied],
                [
                    "reason", "code", "namespace", "visibility", "watchdog_event", "exception", "exit_reason", "subreason",
                    "importance", "source", "detail", "process", "initiator", "signal", "thread",
                ]
            ),
            ([.systemForeground, .systemBackground], ["detail"]),
            ([.appInfo], ["version", "build"]),
            ([.inputEdited], ["field", "chars"]),
            ([.persistBegin, .persistEnd], ["key", "bytes", "ok"]),
            ([.stateSaved, .stateRestored], ["bytes"]),
            ([.screenShown], ["route", "restored"]),
            ([.bgtaskBegin, .bgtaskEnd], ["id"]),
            ([.bgtaskExpired], ["id", "source"]),
            ([.fgsStart], ["type"]),
            ([.pushReceived], ["silent"]),
            ([.requestBegin, .requestEnd], ["id"]),
            ([.evidenceTransactionTooLarge], ["bytes", "exception"]),
            ([.evidencePauseTimeout], ["component"]),
            ([.evidenceCallbackTimeout], ["component", "callback"]),
            ([.evidenceFgsDidNotStart], ["component", "detail"]),
            ([.evidenceFgsTimeout], ["type", "component", "detail"]),
            ([.evidenceJobStopped], ["component", "dropped", "detail"]),
            ([.evidenceAppExits], ["reason", "context", "count", "from", "to"]),
            ([.evidenceAnrDump], ["thread_state", "blocked_on", "detail", "callback", "frame", "process", "source"]),
            ([.reporterEvent], ["reporter", "mechanism", "in_foreground"]),
            ([.testStarted], ["test", "class"]),
            ([.testFinished], ["test", "class", "outcome"]),
            ([.testExpect], ["text", "app"]),
            ([.phaseActive], ["from", "after"]),
            ([.phaseInactive, .phaseBackground], ["from"]),
            ([.phaseTerminated], ["reason", "initiator", "from", "detail", "reporter"]),
            ([.phaseColdStart], ["after", "initiator", "saved_state", "unsaved_input"]),
        ]
        var table: [EventName: [String]] = [:]
        for (names, attributes) in lists {
            for name in names { table[name] = attributes }
        }
        return table
    }()

    /// The families (`activity`, `persist`…), for `family.*` patterns.
    public static let families: Set<String> = Set(events.keys.map { String($0.family) })

    /// Whether a rule's pattern (`persist.begin`, `persist.*`) names events lifelint knows, or
    /// ones the user's mappings make.
    package static func knows(_ pattern: String, mapped: Set<String>) -> Bool {
        if pattern.hasSuffix(".*") {
            let family = String(pattern.dropLast(2))
            return families.contains(family) || mapped.contains { $0.hasPrefix(family + ".") }
        }
        return events[EventName(pattern)] != nil || mapped.contains(pattern)
    }
}
