import LifelintModel

/// Computes `AppMetrics` from the same time-ordered stream the rule engine reads (platform
/// events plus the phase deriver's), in one pass and with state per app only.
///
/// A trace can name a million apps (one `Start proc` line each), so an app that only starts
/// keeps 20 bytes (`AppMetricsState`); the figures of apps that do more live apart
/// (`AppMetricsState.Activity`), and the finished figures are built one app at a time as a
/// report reads them (`AppMetricsList`).
public struct MetricsCollector {
    private static let resyncNames = [EventName.syncResync, EventName.authRefresh, EventName.syncCatchup, EventName.socketProbe]
    private static let restoreNames = [EventName.stateRestored, EventName.navRestored]
    static let resyncEvents = EventNameSet(resyncNames)
    static let restoreEvents = EventNameSet(restoreNames)

    /// Per app number (the phase deriver's, or this collector's own for events given without
    /// one), where its state is in `apps` (-1: none yet): four bytes per app seen anywhere,
    /// state only for apps with an event some metric reads.
    private var slots: [Int32] = []
    private var apps: [AppMetricsState] = []
    private var activities: [AppMetricsState.Activity] = []
    /// The collector's own numbers and names, for events given without a number.
    private var appNumbers: [String: Int] = [:]
    private var ownNames: [String] = []
    /// The latest time in the trace: background spans still open end there.
    private var traceEnd = Int64.min
    /// `relevantEvents`, held here: a static is a lazily made global, checked on every read.
    private let relevant = MetricsCollector.relevantEvents

    public init() {}

    /// The events any metric reads; others return before touching per-app state.
    static let relevantEvents = EventNameSet(
        [
            EventName.phaseBackground, EventName.phaseActive, EventName.phaseInactive, EventName.phaseTerminated, EventName.phaseColdStart,
            EventName.persistBegin, EventName.persistEnd, EventName.bgtaskBegin, EventName.bgtaskEnd, EventName.bgtaskExpired, EventName.screenShown, EventName.processDied,
        ] + resyncNames + restoreNames)

    public mutating func process(_ event: Event) {
        traceEnd = max(traceEnd, event.time.nanoseconds)
        guard relevant.contains(event.name) else { return }
        let app = appNumbers[event.app] ?? newApp(event.app)
        update(event, app: app)
    }

    /// The same, for an app already numbered (by the phase deriver): no lookup by name.
    package mutating func process(_ event: Event, app: Int) {
        traceEnd = max(traceEnd, event.time.nanoseconds)
        guard relevant.contains(event.name) else { return }
        update(event, app: app)
    }

    private mutating func newApp(_ name: String) -> Int {
        appNumbers[name] = ownNames.count
        ownNames.append(name)
        return ownNames.count - 1
    }

    private mutating func update(_ event: Event, app: Int) {
        if app >= slots.count { slots.append(contentsOf: repeatElement(-1, count: app + 1 - slots.count)) }
        if slots[app] < 0 {
            slots[app] = Int32(apps.count)
            apps.append(AppMetricsState(number: app, platform: event.platform))
        }
        // Mutated in place in the arrays: copying the state out and back would copy its
        // collections on every event.
        let position = Int(slots[app])
        apps[position].update(with: event)
        if apps[position].needsActivity(for: event) {
            apps[position].activityIndex = Int32(activities.count)
            activities.append(AppMetricsState.Activity())
        }
        let activity = Int(apps[position].activityIndex)
        if activity >= 0 { AppMetricsState.update(&activities[activity], with: event) }
    }

    /// The metrics of every app that had lifecycle phases, by app name. Background spans
    /// still open end at `clockEnd`, the trace's last time of any record.
    /// `appNames` are the names of the numbers events came with (`process(_:app:)`).
    public mutating func finish(clockEnd: Timestamp? = nil, appNames: [String]? = nil) -> AppMetricsList {
        if let clockEnd, clockEnd.clock != .unknown { traceEnd = max(traceEnd, clockEnd.nanoseconds) }
        let names = appNames ?? ownNames
        // In place: a second array of states would double the peak for a trace of many apps.
        var finished: [AppMetricsState] = []
        swap(&finished, &apps)
        slots = []
        finished.removeAll { !$0.hasLifecycle }
        finished.sort { names[Int($0.number)] < names[Int($1.number)] }
        for position in activities.indices {
            activities[position].closeBackground(at: traceEnd)
            activities[position].closeForeground()
        }
        return AppMetricsList(states: finished, activities: activities, names: names)
    }
}
