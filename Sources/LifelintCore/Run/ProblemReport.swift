/// The malformed content found in a readable trace, as error lines; the run then exits 2.
package enum ProblemReport {
    static func lines(for summary: IngestionSummary) -> [String] {
        var lines = summary.problems.map { "lifelint: error: \($0)" }
        let unshown = summary.problemCount - summary.problems.count
        if unshown > 0 { lines.append("lifelint: error: \(summary.path): \(unshown) more malformed records not shown") }
        return lines
    }

    /// Writes them; returns true when there was something to report.
    package static func write(_ summary: IngestionSummary, to diagnostics: ByteOutput) -> Bool {
        lines(for: summary).forEach(diagnostics.writeLine)
        return summary.problemCount > 0
    }
}
