/// Every event name lifelint produces or reads, with what it means: the one list rules are
/// checked against at load (a pattern naming anything else is a typo, unless a mapping makes
/// that event), and the README's "Event vocabulary" is checked against in the tests.
public enum EventVocabulary {
    public static let events: [String: String] = [
        // Android activities (events buffer, Chrome/atrace slices, instrumentation).
        "activity.created": "onCreate ran", "activity.started": "onStart ran", "activity.resumed": "onResume ran",
        "activity.paused": "onPause ran", "activity.stopped": "onStop ran", "activity.destroyed": "onDestroy ran",
        "activity.restarted": "onRestart ran", "activity.top-gained": "became the top resumed activity",
        "activity.top-lost": "stopped being the top resumed activity",
        // Processes, on every platform.
        "process.started": "a process started", "process.died": "a process ended (reason, initiator)",
        "process.frozen": "the process was frozen (Android) or suspended (iOS)", "process.unfrozen": "the process was thawed or resumed",
        // iOS callbacks.
        "scene.will-connect": "a scene connected", "scene.did-become-active": "a scene became active",
        "scene.will-resign-active": "a scene resigned active", "scene.did-enter-background": "a scene entered the background",
        "scene.will-enter-foreground": "a scene is entering the foreground", "scene.did-disconnect": "a scene disconnected",
        "app.did-finish-launching": "the app finished launching", "app.will-terminate": "applicationWillTerminate ran",
        "app.memory-warning": "a memory warning",
        // iOS system evidence (RunningBoard, FrontBoard, SpringBoard).
        "system.foreground": "the system shows the app in the foreground", "system.background": "the system moved the app to the background",
        // React Native and Flutter.
        "appstate.active": "AppState active", "appstate.background": "AppState background", "appstate.inactive": "AppState inactive",
        "appstate.focus": "AppState focus (Android)", "appstate.blur": "AppState blur (Android)",
        "flutter.resumed": "AppLifecycleState.resumed", "flutter.inactive": "AppLifecycleState.inactive",
        "flutter.hidden": "AppLifecycleState.hidden", "flutter.paused": "AppLifecycleState.paused (the background entry)",
        "flutter.detached": "AppLifecycleState.detached",
        // The app's own work.
        "input.edited": "the user typed something not yet saved", "persist.begin": "a save began", "persist.end": "a save ended",
        "state.saved": "instance state was saved", "state.restored": "instance state was restored",
        "nav.restored": "navigation state was restored", "screen.shown": "a screen was shown",
        "bgtask.begin": "a background task began", "bgtask.end": "a background task ended",
        "bgtask.expired": "a background task expired before it was ended", "work.enqueued": "deferred work was scheduled",
        "fgs.start": "a foreground service started", "push.received": "a push arrived",
        "request.begin": "a network request began", "request.end": "a network request ended",
        "socket.open": "a socket opened", "socket.close": "a socket closed", "socket.send": "a message was sent on a socket",
        "socket.probe": "a liveness probe was sent", "socket.pong": "a probe was answered", "socket.probe-timeout": "a probe timed out",
        "sync.resync": "a resync ran", "sync.catchup": "missed messages were fetched", "auth.refresh": "credentials were refreshed",
        "privacy.cover-shown": "a privacy cover was shown", "privacy.cover-hidden": "a privacy cover was hidden",
        "sensitive.shown": "sensitive content is on screen", "subscription.open": "a subscription opened",
        "subscription.close": "a subscription closed", "launch.deeplink": "the app was launched by a deep link",
        "media.pause": "media playback paused", "media.resume": "media playback resumed",
        // The platform's own evidence.
        "evidence.transaction-too-large": "a binder transaction failed for its size",
        "evidence.fgs-start-not-allowed": "ForegroundServiceStartNotAllowedException",
        "evidence.anr": "the app was not responding", "evidence.pause-timeout": "the system gave up waiting for a pause",
        "evidence.state-not-saved": "the system finished an activity whose state was never saved",
        "evidence.app-exits": "MetricKit counted exits of one kind",
        // Derived by the phase deriver.
        "phase.active": "foreground and interactive", "phase.inactive": "visible but not focused",
        "phase.background": "the app left the foreground", "phase.terminated": "the process incarnation ended",
        "phase.cold-start": "a new incarnation began",
    ]

    /// The families (`activity`, `persist`…), for `family.*` patterns.
    public static let families: Set<String> = Set(events.keys.map { String($0.prefix { $0 != "." }) })

    /// Whether a rule's pattern (`persist.begin`, `persist.*`) names events lifelint knows, or
    /// ones the user's mappings make.
    static func knows(_ pattern: String, mapped: Set<String>) -> Bool {
        if pattern.hasSuffix(".*") {
            let family = String(pattern.dropLast(2))
            return families.contains(family) || mapped.contains { $0.hasPrefix(family + ".") }
        }
        return events[pattern] != nil || mapped.contains(pattern)
    }
}
