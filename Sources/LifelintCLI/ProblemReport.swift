import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintIngestion
import LifelintModel

/// The malformed content found in a readable trace, as error lines; the run then exits 2.
enum ProblemReport {
    /// Writes them; returns true when there was something to report.
    static func write(_ summary: IngestionSummary, to diagnostics: ByteOutput) -> Bool {
        summary.problemLines.forEach(diagnostics.writeLine)
        return summary.problemCount > 0
    }
}
