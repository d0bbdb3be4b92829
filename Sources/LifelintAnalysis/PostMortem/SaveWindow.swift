import LifelintModel

/// How long a save has once the app leaves, as the rules measure it, so a verdict never tells
/// a different story from the findings: a save must begin within `graceWindow` of leaving
/// (`no-save-at-background`), and may run in the background for `graceWindow`, or for
/// `backgroundTaskWindow` while a background task is held (`flush-overruns-grace-window`'s
/// limits). `SaveWindowTests` checks those rule files still say so.
struct SaveWindow {
    let grace: Int64
    let backgroundTask: Int64

    init(thresholds: Thresholds) {
        grace = Self.duration("graceWindow", thresholds)
        backgroundTask = Self.duration("backgroundTaskWindow", thresholds)
    }

    private static func duration(_ name: String, _ thresholds: Thresholds) -> Int64 {
        thresholds[name]?.nanoseconds ?? Thresholds.defaults[name]?.nanoseconds ?? 0
    }

    /// How long a save may run in the background.
    func limit(backgroundTaskHeld: Bool) -> Int64 { backgroundTaskHeld ? backgroundTask : grace }

    /// Whether a save begun at `begin` and ended at `end` saved in time, the app having left
    /// at `left` (nanoseconds on one clock).
    func isInTime(left: Int64, begin: Int64, end: Int64, backgroundTaskHeld: Bool) -> Bool {
        begin - left <= grace && end - max(begin, left) <= limit(backgroundTaskHeld: backgroundTaskHeld)
    }
}
