/// How close two reports must be to tell one incident: within 2 s on the trace's clock, or,
/// when either has no time or they are on different clocks, within the next 50 lines. The
/// logcat recognizer (a crash's force-finish and the timeouts after it) and the normalizer's
/// deduplication (0022) share it.
package enum IncidentWindow {
    package static let nanoseconds: Int64 = 2_000_000_000
    package static let lines = 50
    /// A blocked main thread is reported over seconds: an ANR by its trigger (`Timeout
    /// executing service`), `am_anr`, then `ANR in` once the stacks are dumped; a pause
    /// timeout by the stop timeout ten seconds after it; a foreground service the system gave up
    /// on by the ANR's reason and then the app's crash. The system handles one ANR of a process
    /// at a time.
    package static let hangNanoseconds: Int64 = 30_000_000_000

    /// Whether a report at `later` (line `laterLine`) is part of the incident reported at
    /// `earlier` (line `earlierLine`); line numbers compare only within one file.
    package static func contains(
        _ later: Timestamp, line laterLine: Int, after earlier: Timestamp, line earlierLine: Int, sameFile: Bool = true,
        within window: Int64 = nanoseconds
    ) -> Bool {
        guard later.clock != .unknown, later.clock == earlier.clock else { return sameFile && (0...lines).contains(laterLine - earlierLine) }
        return (0...window).contains(later.nanoseconds - earlier.nanoseconds)
    }
}
