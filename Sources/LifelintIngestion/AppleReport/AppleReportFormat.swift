import LifelintModel

/// An Apple crash, termination or JetsamEvent report, text or `.ips` (docs/formats.md §9).
struct AppleReportFormat: TraceFormat {
    static let title = "an Apple crash or termination report"
    static let forcedNames = ["apple-report"]
    static let forcedNamesHelp: String? = "apple-report (crash, .ips, JetsamEvent)"
    static let fileExtensions = ["crash", "ips", "txt"]
    static let reportsDeathsOnly = true

    init?(recognising head: TraceHead) {
        guard head.withText(AppleReportReader.isReport) else { return nil }
    }

    init?(forcedName name: String) {
        guard Self.forcedNames.contains(name) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try AppleReportReader.read(input, head: head, emit: emit)
    }
}
