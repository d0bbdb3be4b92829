import LifelintModel

/// Computes `AppMetrics` from the same time-ordered stream the rule engine reads (platform
/// events plus the phase deriver's), in one pass and with state per app only.
public struct MetricsCollector {
    private struct AppState {
        var metrics: AppMetrics
        var backgroundSince: Int64?
        var pendingSaves: [String: Int64] = [:]
        var saveDurations: [Int64] = []
        var foregroundSince: Int64?
        var resyncDurations: [Int64] = []
        var restoreWatch = false
        var hasLifecycle = false
    }

    static let resyncEvents: Set<EventName> = [EventName.syncResync, EventName.authRefresh, EventName.syncCatchup, EventName.socketProbe]
    static let restoreEvents: Set<EventName> = [EventName.stateRestored, EventName.navRestored]

    /// Per app number (the phase deriver's, or this collector's own for events given without
    /// one), where its state is in `apps` (-1: none yet): four bytes per app seen anywhere,
    /// state only for apps with an event some metric reads.
    private var slots: [Int32] = []
    private var apps: [AppState] = []
    private var appNumbers: [String: Int] = [:]
    /// The latest time in the trace: background spans still open end there.
    private var traceEnd = Int64.min

    public init() {}

    /// The events any metric reads; others return before touching per-app state.
    static let relevantEvents = Set([
        EventName.phaseBackground, EventName.phaseActive, EventName.phaseInactive, EventName.phaseTerminated, EventName.phaseColdStart,
        EventName.persistBegin, EventName.persistEnd, EventName.bgtaskBegin, EventName.bgtaskEnd, EventName.bgtaskExpired, EventName.screenShown, EventName.processDied,
    ]).union(resyncEvents).union(restoreEvents)

    public mutating func process(_ event: Event) {
        traceEnd = max(traceEnd, event.time.nanoseconds)
        guard Self.relevantEvents.contains(event.name) else { return }
        let app = appNumbers[event.app] ?? newApp(event.app)
        update(event, app: app)
    }

    /// The same, for an app already numbered (by the phase deriver): no lookup by name.
    package mutating func process(_ event: Event, app: Int) {
        traceEnd = max(traceEnd, event.time.nanoseconds)
        guard Self.relevantEvents.contains(event.name) else { return }
        update(event, app: app)
    }

    private mutating func newApp(_ name: String) -> Int {
        appNumbers[name] = slots.count
        return slots.count
    }

    private mutating func update(_ event: Event, app: Int) {
        if app >= slots.count { slots.append(contentsOf: repeatElement(-1, count: app + 1 - slots.count)) }
        if slots[app] < 0 {
            slots[app] = Int32(apps.count)
            apps.append(AppState(metrics: AppMetrics(app: event.app, platform: event.platform)))
        }
        // Mutated in place in the array: copying the state out and back would copy its
        // collections on every event.
        Self.update(&apps[Int(slots[app])], with: event)
    }

    private static func update(_ state: inout AppState, with event: Event) {
        if state.metrics.platform == .unknown { state.metrics.platform = event.platform }
        let now = event.time.nanoseconds
        switch event.name {
        case EventName.phaseBackground:
            state.hasLifecycle = true
            state.metrics.backgroundEntries += 1
            state.backgroundSince = now
            closeForeground(&state)
        case EventName.phaseActive, EventName.phaseInactive:
            state.hasLifecycle = true
            closeBackground(&state, at: now)
            if event.name == EventName.phaseActive, [ResumeContext.background.rawValue, ResumeContext.systemKill.rawValue].contains(event.attributes["after"] ?? "") {
                closeForeground(&state)
                state.foregroundSince = now
            }
        case EventName.phaseTerminated:
            state.hasLifecycle = true
            closeBackground(&state, at: now)
            closeForeground(&state)
            state.pendingSaves = [:]
            state.restoreWatch = false
            state.metrics.processDeaths[event.attributes["reason"] ?? "unknown", default: 0] += 1
        case EventName.phaseColdStart:
            state.hasLifecycle = true
            state.metrics.coldStarts += 1
            state.restoreWatch = true
        case EventName.persistBegin where state.backgroundSince != nil:
            state.pendingSaves[event.attributes["key"] ?? ""] = now
        case EventName.persistEnd:
            if let begun = state.pendingSaves.removeValue(forKey: event.attributes["key"] ?? "") {
                state.saveDurations.append((now - begun) / 1_000_000)
            }
        case EventName.processDied:
            state.metrics.deathsByProcess[event.attributes["process"] ?? event.app, default: 0] += 1
        case EventName.bgtaskBegin: state.metrics.backgroundTasksBegun += 1
        case EventName.bgtaskEnd: state.metrics.backgroundTasksEnded += 1
        case EventName.bgtaskExpired: state.metrics.backgroundTasksExpired += 1
        default: break
        }
        if Self.resyncEvents.contains(event.name), let since = state.foregroundSince {
            state.resyncDurations.append((now - since) / 1_000_000)
            state.foregroundSince = nil
        }
        if state.restoreWatch, Self.restoreEvents.contains(event.name) || (event.name == EventName.screenShown && event.attributes["restored"] == "true") {
            state.metrics.coldStartsRestored += 1
            state.restoreWatch = false
        }
        if event.name == EventName.phaseBackground { state.restoreWatch = false }
    }

    /// The metrics of every app that had lifecycle phases, by app name. Background spans
    /// still open end at `clockEnd`, the trace's last time of any record.
    public mutating func finish(clockEnd: Timestamp? = nil) -> [AppMetrics] {
        if let clockEnd, clockEnd.clock != .unknown { traceEnd = max(traceEnd, clockEnd.nanoseconds) }
        // Positions sorted, not the states: a state is large, and a trace may have thousands.
        return apps.indices.sorted { apps[$0].metrics.app < apps[$1].metrics.app }.compactMap { position in
            var state = apps[position]
            guard state.hasLifecycle else { return nil }
            Self.closeBackground(&state, at: traceEnd)
            Self.closeForeground(&state)
            state.metrics.savesAfterBackground = DurationStatistics(milliseconds: state.saveDurations)
            state.metrics.resyncAfterForeground = DurationStatistics(milliseconds: state.resyncDurations)
            return state.metrics
        }
    }

    private static func closeBackground(_ state: inout AppState, at time: Int64) {
        guard let since = state.backgroundSince else { return }
        state.metrics.backgroundMilliseconds += max(0, time - since) / 1_000_000
        state.backgroundSince = nil
    }

    private static func closeForeground(_ state: inout AppState) {
        if state.foregroundSince != nil { state.metrics.foregroundReturnsWithoutResync += 1 }
        state.foregroundSince = nil
    }
}
