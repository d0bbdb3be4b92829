/// Writes the malformed content found in a readable trace as errors; the caller exits 2.
enum ProblemReport {
    /// Returns true when there was something to report.
    static func write(_ summary: IngestionSummary, to diagnostics: ByteOutput) -> Bool {
        for problem in summary.problems { diagnostics.writeLine("lifelint: error: \(problem)") }
        let unshown = summary.problemCount - summary.problems.count
        if unshown > 0 { diagnostics.writeLine("lifelint: error: \(summary.path): \(unshown) more malformed records not shown") }
        return summary.problemCount > 0
    }
}
