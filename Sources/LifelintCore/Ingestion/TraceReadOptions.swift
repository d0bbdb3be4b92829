/// How to read traces, as the user asked on the command line.
public struct TraceReadOptions: Sendable, Hashable {
    /// Forces a logcat layout instead of detecting it (`--input-format`).
    public var logcatFormat: LogcatFormat?
    /// The year for logcat times that have none (`--year`); default: the file's modification year.
    public var year: Int?
    /// The user's own lines read as events (`mappings` in `.lifelint.json`).
    public var mappings: [LineMapping]

    public init(logcatFormat: LogcatFormat? = nil, year: Int? = nil, mappings: [LineMapping] = []) {
        self.logcatFormat = logcatFormat
        self.year = year
        self.mappings = mappings
    }
}
