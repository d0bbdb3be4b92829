import LifelintModel

/// The year of times that carry none (logcat's default layouts, syslog): `--year`, else the year
/// the file was saved — the year before when the first month is later than the month it was
/// saved in (December's log saved in January) — stepping a year at each December → January.
struct YearInference {
    /// The year the first time gets, before any step.
    let baseYear: Int
    /// Where `baseYear` came from.
    let source: YearSource
    /// The month the file was saved, when the year comes from the file.
    private let savedMonth: Int?
    private var yearsWrapped = 0
    private var lastMonth = 0
    /// The year the first time without one was taken to be in; nil while no time needed one.
    private(set) var firstYear: Int?

    init(input: TraceInput, options: TraceReadOptions) {
        if let year = options.year {
            (baseYear, source, savedMonth) = (year, .option, nil)
        } else {
            baseYear = input.modificationYear
            source = Self.savedTimeSource(input)
            savedMonth = CivilDateTime(nanosecondsSinceEpoch: input.modificationTime * 1_000_000_000).month
        }
    }

    init(baseYear: Int, source: YearSource = .option) {
        (self.baseYear, self.source, savedMonth) = (baseYear, source, nil)
    }

    /// The year of a trace written at `date` (a bugreport's header), its logs before it.
    init(writtenAt date: CivilDateTime) {
        (baseYear, source, savedMonth) = (date.year, .traceHeader, date.month)
    }

    /// Where a year or date the trace lacks comes from when `--year` does not give it.
    static func savedTimeSource(_ input: TraceInput) -> YearSource {
        input.isStandardInput ? .currentTime : .fileModificationTime
    }

    /// The year of a time in `month` that has none, times being taken in the order they are read.
    @inline(__always)
    mutating func year(inMonth month: Int) -> Int {
        if lastMonth == 0 {
            if let savedMonth, month > savedMonth { yearsWrapped = -1 }
            firstYear = baseYear + yearsWrapped
        }
        if lastMonth == 12 && month == 1 { yearsWrapped += 1 }
        lastMonth = month
        return baseYear + yearsWrapped
    }

    /// The year of the latest time read without one; `baseYear` before any.
    var currentYear: Int { baseYear + yearsWrapped }

    /// Records in the summary that the trace needed a year, which, and where it came from.
    func note(in summary: inout IngestionSummary) {
        guard let firstYear else { return }
        summary.neededYear = true
        summary.yearSource = source
        summary.assumedYear = firstYear
    }
}
