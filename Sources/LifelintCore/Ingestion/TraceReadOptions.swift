/// How to read traces, as the user asked on the command line.
public struct TraceReadOptions: Sendable, Hashable {
    /// Forces a logcat layout instead of detecting it (`--input-format`).
    public var logcatFormat: LogcatFormat?
    /// The year for logcat times that have none (`--year`); default: the file's modification year.
    public var year: Int?

    public init(logcatFormat: LogcatFormat? = nil, year: Int? = nil) {
        self.logcatFormat = logcatFormat
        self.year = year
    }
}
