import LifelintModel

/// A report that lifelint (or another analyser) writes — its JSON, JSON Lines, SARIF, GitLab
/// or GitHub output: recognised so that it is refused as what it is, never read as a trace.
struct WrittenReportFormat: TraceFormat {
    static let title = "a report lifelint writes"
    static let fileExtensions: [String] = []
    /// What kind of report it is ("a SARIF report").
    let kind: String

    init?(recognising head: TraceHead) {
        guard let kind = head.withBytes(ContentSketch.report) else { return nil }
        self.kind = kind
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        throw .unrecognisedFormat(path: input.path, line: 1, reason: "\(kind), not a trace: reports that lifelint writes are not read as traces")
    }
}
