/// How close two reports must be to tell one incident: within 2 s on the trace's clock, or,
/// when either has no time or they are on different clocks, within the next 50 lines. The
/// logcat recognizer (a crash's force-finish and the timeouts after it) and the normalizer's
/// deduplication (0022) share it.
package enum IncidentWindow {
    package static let nanoseconds: Int64 = 2_000_000_000
    package static let lines = 50

    /// Whether a report at `later` (line `laterLine`) is part of the incident reported at
    /// `earlier` (line `earlierLine`); line numbers compare only within one file.
    package static func contains(
        _ later: Timestamp, line laterLine: Int, after earlier: Timestamp, line earlierLine: Int, sameFile: Bool = true
    ) -> Bool {
        guard later.clock != .unknown, later.clock == earlier.clock else { return sameFile && (0...lines).contains(laterLine - earlierLine) }
        return (0...nanoseconds).contains(later.nanoseconds - earlier.nanoseconds)
    }
}
