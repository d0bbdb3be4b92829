import LifelintModel

/// What `MetricsCollector` keeps for one app: counters inline, about a hundred bytes, and an
/// index into the collector's `Extras` for an app that saved, resynced or died.
struct AppMetricsState: Sendable {
    /// The collections few apps need; created the first time an app needs one.
    struct Extras: Sendable {
        var pendingSaves: [String: Int64] = [:]
        var saveDurations: [Int64] = []
        var resyncDurations: [Int64] = []
        var processDeaths: [String: Int] = [:]
        var deathsByProcess: [String: Int] = [:]
    }

    let app: String
    var platform: Platform
    var hasLifecycle = false
    var restoreWatch = false
    var backgroundEntries: Int32 = 0
    var coldStarts: Int32 = 0
    var coldStartsRestored: Int32 = 0
    var foregroundReturnsWithoutResync: Int32 = 0
    var backgroundTasksBegun: Int32 = 0
    var backgroundTasksEnded: Int32 = 0
    var backgroundTasksExpired: Int32 = 0
    var backgroundMilliseconds: Int64 = 0
    var backgroundSince: Int64?
    var foregroundSince: Int64?
    /// Where the app's `Extras` are (-1: none).
    var extrasIndex: Int32 = -1

    init(app: String, platform: Platform) {
        self.app = app
        self.platform = platform
    }

    /// Whether `event` is the first that needs `Extras`.
    func needsExtras(for event: Event) -> Bool {
        guard extrasIndex < 0 else { return false }
        switch event.name {
        case EventName.persistBegin: return backgroundSince != nil
        case EventName.phaseTerminated, EventName.processDied: return true
        default: return foregroundSince != nil && MetricsCollector.resyncEvents.contains(event.name)
        }
    }

    mutating func update(with event: Event, extras: inout Extras) {
        if platform == .unknown { platform = event.platform }
        let now = event.time.nanoseconds
        switch event.name {
        case EventName.phaseBackground:
            hasLifecycle = true
            Self.count(&backgroundEntries)
            backgroundSince = now
            closeForeground()
        case EventName.phaseActive, EventName.phaseInactive:
            hasLifecycle = true
            closeBackground(at: now)
            if event.name == EventName.phaseActive, [ResumeContext.background.rawValue, ResumeContext.systemKill.rawValue].contains(event.attributes["after"] ?? "") {
                closeForeground()
                foregroundSince = now
            }
        case EventName.phaseTerminated:
            hasLifecycle = true
            closeBackground(at: now)
            closeForeground()
            extras.pendingSaves = [:]
            restoreWatch = false
            extras.processDeaths[event.attributes["reason"] ?? "unknown", default: 0] += 1
        case EventName.phaseColdStart:
            hasLifecycle = true
            Self.count(&coldStarts)
            restoreWatch = true
        case EventName.persistBegin where backgroundSince != nil:
            extras.pendingSaves[event.attributes["key"] ?? ""] = now
        case EventName.persistEnd:
            if let begun = extras.pendingSaves.removeValue(forKey: event.attributes["key"] ?? "") {
                extras.saveDurations.append((now - begun) / 1_000_000)
            }
        case EventName.processDied:
            extras.deathsByProcess[event.attributes["process"] ?? event.app, default: 0] += 1
        case EventName.bgtaskBegin: Self.count(&backgroundTasksBegun)
        case EventName.bgtaskEnd: Self.count(&backgroundTasksEnded)
        case EventName.bgtaskExpired: Self.count(&backgroundTasksExpired)
        default: break
        }
        if MetricsCollector.resyncEvents.contains(event.name), let since = foregroundSince {
            extras.resyncDurations.append((now - since) / 1_000_000)
            foregroundSince = nil
        }
        if restoreWatch, MetricsCollector.restoreEvents.contains(event.name) || (event.name == EventName.screenShown && event.attributes["restored"] == "true") {
            Self.count(&coldStartsRestored)
            restoreWatch = false
        }
        if event.name == EventName.phaseBackground { restoreWatch = false }
    }

    mutating func closeBackground(at time: Int64) {
        guard let since = backgroundSince else { return }
        backgroundMilliseconds += max(0, time - since) / 1_000_000
        backgroundSince = nil
    }

    mutating func closeForeground() {
        if foregroundSince != nil { Self.count(&foregroundReturnsWithoutResync) }
        foregroundSince = nil
    }

    /// Counts one more; a count stops at its maximum (two billion) instead of trapping.
    private static func count(_ counter: inout Int32) {
        if counter < .max { counter += 1 }
    }

    /// The figures, as reports show them.
    func metrics(extras: Extras?) -> AppMetrics {
        var metrics = AppMetrics(app: app, platform: platform)
        metrics.backgroundEntries = Int(backgroundEntries)
        metrics.backgroundMilliseconds = backgroundMilliseconds
        metrics.coldStarts = Int(coldStarts)
        metrics.coldStartsRestored = Int(coldStartsRestored)
        metrics.foregroundReturnsWithoutResync = Int(foregroundReturnsWithoutResync)
        metrics.backgroundTasksBegun = Int(backgroundTasksBegun)
        metrics.backgroundTasksEnded = Int(backgroundTasksEnded)
        metrics.backgroundTasksExpired = Int(backgroundTasksExpired)
        if let extras {
            metrics.processDeaths = extras.processDeaths
            metrics.deathsByProcess = extras.deathsByProcess
            metrics.savesAfterBackground = DurationStatistics(milliseconds: extras.saveDurations)
            metrics.resyncAfterForeground = DurationStatistics(milliseconds: extras.resyncDurations)
        }
        return metrics
    }
}
