import LifelintModel

/// How to read traces, as the user asked on the command line.
public struct TraceReadOptions: Sendable, Hashable {
    /// Forces a format instead of detecting it (`--input-format`).
    public var inputFormat: InputFormat?
    /// The year for logcat times that have none (`--year`); default: the file's modification year.
    public var year: Int?
    /// The user's own lines read as events (`mappings` in `.lifelint.json`).
    public var mappings: [LineMapping]
    /// What to call standard input (`-`) in locations and diagnostics (`--stdin-filename`).
    public var standardInputName: String?
    /// Set for a trace read beside a logcat that holds the same logs and the activity callbacks
    /// (a bugreport's embedded Perfetto trace): its log packets and lifecycle slices are left to
    /// that logcat, so nothing is said twice.
    var readsBesideLogcat = false
    /// Cores a trace may be read on (`--jobs` with one trace): a plain logcat, JSON Lines file
    /// or Perfetto trace large enough is cut into blocks read on all of them (decision 0051).
    public var workers = 1
    /// Tests and fuzzers make both limits small, to cut small captures into many blocks.
    package var parallelLimits = ParallelReadingLimits()

    public init(inputFormat: InputFormat? = nil, year: Int? = nil, mappings: [LineMapping] = [], standardInputName: String? = nil) {
        self.inputFormat = inputFormat
        self.year = year
        self.mappings = mappings
        self.standardInputName = standardInputName
    }
}
