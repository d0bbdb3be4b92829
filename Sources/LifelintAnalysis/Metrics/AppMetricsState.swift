import LifelintModel

/// What `MetricsCollector` keeps for one app. Most apps of a trace with very many apps only
/// start (one `Start proc` line each): their state is the app's number, a cold-start count and
/// two flags, 20 bytes. The first event that moves an app through the background, a save, a
/// background task or a death gives it an `Activity`, kept apart by the collector.
struct AppMetricsState: Sendable {
    /// The figures of an app that did more than start.
    struct Activity: Sendable {
        var backgroundEntries: Int32 = 0
        var foregroundReturnsWithoutResync: Int32 = 0
        var backgroundTasksBegun: Int32 = 0
        var backgroundTasksEnded: Int32 = 0
        var backgroundTasksExpired: Int32 = 0
        var backgroundMilliseconds: Int64 = 0
        var backgroundSince: Int64?
        var foregroundSince: Int64?
        var pendingSaves: [String: Int64] = [:]
        var saveDurations: [Int64] = []
        var resyncDurations: [Int64] = []
        var processDeaths: [String: Int] = [:]
        var deathsByProcess: [String: Int] = [:]

        mutating func closeBackground(at time: Int64) {
            guard let since = backgroundSince else { return }
            backgroundMilliseconds += max(0, time - since) / 1_000_000
            backgroundSince = nil
        }

        mutating func closeForeground() {
            if foregroundSince != nil { AppMetricsState.count(&foregroundReturnsWithoutResync) }
            foregroundSince = nil
        }
    }

    /// The app's number; its name is in the list the collector is finished with.
    let number: Int32
    var platform: Platform
    var hasLifecycle = false
    var restoreWatch = false
    var coldStarts: Int32 = 0
    var coldStartsRestored: Int32 = 0
    /// Where the app's `Activity` is (-1: none).
    var activityIndex: Int32 = -1

    init(number: Int, platform: Platform) {
        self.number = Int32(truncatingIfNeeded: number)
        self.platform = platform
    }

    /// Whether `event` is the first that needs an `Activity`.
    func needsActivity(for event: Event) -> Bool {
        guard activityIndex < 0 else { return false }
        switch event.name.known {
        case .phaseBackground?, .phaseTerminated?, .processDied?, .bgtaskBegin?, .bgtaskEnd?, .bgtaskExpired?:
            return true
        case .phaseActive?: return Self.isReturn(event)
        default: return false
        }
    }

    /// The state's own part of an event (an app without an `Activity` has nothing else).
    mutating func update(with event: Event) {
        platform = platform.refined(by: event.platform)
        switch event.name.known {
        case .phaseBackground?, .phaseActive?, .phaseInactive?, .phaseTerminated?: hasLifecycle = true
        case .phaseColdStart?:
            hasLifecycle = true
            Self.count(&coldStarts)
            restoreWatch = true
        default: break
        }
        if event.name.is(.phaseTerminated) { restoreWatch = false }
        if restoreWatch, MetricsCollector.restoreEvents.contains(event.name) || (event.name.is(.screenShown) && event.attributes["restored"] == "true") {
            Self.count(&coldStartsRestored)
            restoreWatch = false
        }
        if event.name.is(.phaseBackground) { restoreWatch = false }
    }

    /// The `Activity`'s part of an event.
    static func update(_ activity: inout Activity, with event: Event) {
        let now = event.time.nanoseconds
        switch event.name.known {
        case .phaseBackground?:
            count(&activity.backgroundEntries)
            activity.backgroundSince = now
            activity.closeForeground()
        case .phaseActive?, .phaseInactive?:
            activity.closeBackground(at: now)
            if isReturn(event) {
                activity.closeForeground()
                activity.foregroundSince = now
            }
        case .phaseTerminated?:
            activity.closeBackground(at: now)
            activity.closeForeground()
            activity.pendingSaves = [:]
            activity.processDeaths[event.attributes["reason"] ?? "unknown", default: 0] += 1
        case .persistBegin? where activity.backgroundSince != nil:
            activity.pendingSaves[event.attributes["key"] ?? ""] = now
        case .persistEnd?:
            if let begun = activity.pendingSaves.removeValue(forKey: event.attributes["key"] ?? "") {
                activity.saveDurations.append((now - begun) / 1_000_000)
            }
        case .processDied?:
            activity.deathsByProcess[event.attributes["process"] ?? event.app, default: 0] += 1
        case .bgtaskBegin?: count(&activity.backgroundTasksBegun)
        case .bgtaskEnd?: count(&activity.backgroundTasksEnded)
        case .bgtaskExpired?: count(&activity.backgroundTasksExpired)
        default: break
        }
        if MetricsCollector.resyncEvents.contains(event.name), let since = activity.foregroundSince {
            activity.resyncDurations.append((now - since) / 1_000_000)
            activity.foregroundSince = nil
        }
    }

    /// A return to the foreground after the background or a system kill, which a resync
    /// should follow.
    private static func isReturn(_ event: Event) -> Bool {
        guard event.name.is(.phaseActive), let after = event.attributes["after"].flatMap(ResumeContext.init(rawValue:)) else { return false }
        return after == .background || after == .systemKill
    }

    /// Counts one more; a count stops at its maximum (two billion) instead of trapping.
    static func count(_ counter: inout Int32) {
        if counter < .max { counter += 1 }
    }

    /// The figures, as reports show them.
    func metrics(app: String, activity: Activity?) -> AppMetrics {
        var metrics = AppMetrics(app: app, platform: platform)
        metrics.coldStarts = Int(coldStarts)
        metrics.coldStartsRestored = Int(coldStartsRestored)
        guard let activity else { return metrics }
        metrics.backgroundEntries = Int(activity.backgroundEntries)
        metrics.backgroundMilliseconds = activity.backgroundMilliseconds
        metrics.foregroundReturnsWithoutResync = Int(activity.foregroundReturnsWithoutResync)
        metrics.backgroundTasksBegun = Int(activity.backgroundTasksBegun)
        metrics.backgroundTasksEnded = Int(activity.backgroundTasksEnded)
        metrics.backgroundTasksExpired = Int(activity.backgroundTasksExpired)
        metrics.processDeaths = activity.processDeaths
        metrics.deathsByProcess = activity.deathsByProcess
        metrics.savesAfterBackground = DurationStatistics(milliseconds: activity.saveDurations)
        metrics.resyncAfterForeground = DurationStatistics(milliseconds: activity.resyncDurations)
        return metrics
    }
}
