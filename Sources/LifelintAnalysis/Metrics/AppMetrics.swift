import LifelintModel

/// Lifecycle figures for one app in one trace, for dashboards that chart trends rather than
/// findings. What each counts is documented in `docs/schema/report.schema.json` (`appMetrics`).
public struct AppMetrics: Sendable, Hashable {
    public var app: String
    public var platform: Platform
    /// `phase.background` events.
    public var backgroundEntries = 0
    /// Time spent in the background, from each entry to the next return, death or the end of
    /// the trace.
    public var backgroundMilliseconds: Int64 = 0
    /// `phase.terminated` by `reason` (`low-memory`, `user`, `crash`, ...): the deaths of the
    /// process that shows the UI.
    public var processDeaths: [String: Int] = [:]
    /// `process.died` by full process name: `com.app` and `com.app:remote` apart.
    public var deathsByProcess: [String: Int] = [:]
    public var coldStarts = 0
    /// Cold starts followed, before the app next left the foreground, by `state.restored`,
    /// `nav.restored` or a `screen.shown` with `restored=true`.
    public var coldStartsRestored = 0
    /// Saves (`persist.begin` → `persist.end`) begun while the app was in the background.
    public var savesAfterBackground = DurationStatistics(milliseconds: [])
    /// From each return to the foreground (after the background or a system kill) to the first
    /// resync, auth refresh, catch-up or socket probe.
    public var resyncAfterForeground = DurationStatistics(milliseconds: [])
    /// Returns to the foreground with no resync before the app left again or the trace ended.
    public var foregroundReturnsWithoutResync = 0
    public var backgroundTasksBegun = 0
    public var backgroundTasksEnded = 0
    public var backgroundTasksExpired = 0

    public init(app: String, platform: Platform) {
        self.app = app
        self.platform = platform
    }
}
