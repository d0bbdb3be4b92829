/// Where the year of a logcat time without one came from. A fresh checkout of an old log has
/// this year's modification time, so the user is told when the year was a guess.
public enum YearSource: String, Sendable, Hashable {
    /// `--year` on the command line.
    case option
    /// The trace file's modification time.
    case fileModificationTime = "file-modification-time"
    /// Standard input has no modification time: the current year.
    case currentTime = "current-time"
    /// The trace's own header: a bugreport's `== dumpstate: 2024-01-08 09:53:00`.
    case traceHeader = "trace-header"
}
