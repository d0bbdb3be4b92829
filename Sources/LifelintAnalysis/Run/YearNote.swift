import LifelintIngestion
import LifelintModel

/// The one line a run says when logcat times without a year got theirs from the files'
/// modification times: a fresh checkout, a copy or an unzip makes every old log "this year",
/// and then times, deadlines across New Year and dashboards are quietly wrong.
package enum YearNote {
    /// Whether the trace's year (or day) was guessed rather than given: what the note is about.
    package static func isGuessed(_ summary: IngestionSummary) -> Bool {
        summary.yearSource == .fileModificationTime || summary.yearSource == .currentTime
    }

    package static func text(for summaries: [IngestionSummary]) -> String? {
        let guessed = summaries.filter(isGuessed)
        guard let first = guessed.first else { return nil }
        if let day = first.assumedDay, guessed.count == 1 {
            let source = first.yearSource == .currentTime ? "today" : "the file's modification time"
            return "lifelint: note: \(first.path) has times without a date; \(day.iso8601Date) was taken from \(source)"
        }
        let subject = guessed.count == 1 ? "\(first.path) has times" : "\(guessed.count) traces have times"
        let source = guessed.allSatisfy { $0.yearSource == .currentTime } ? "the current year" : "the files' modification time"
        // Times without a date (Console.app copies) took a whole day, which --year cannot set.
        if guessed.allSatisfy({ $0.assumedDay != nil }) {
            let days = Set(guessed.compactMap(\.assumedDay?.iso8601Date)).sorted().joined(separator: ", ")
            return "lifelint: note: \(subject) without a date; \(days) was taken from \(source)"
        }
        let years = Set(guessed.compactMap { $0.assumedYear ?? $0.assumedDay?.year }).sorted().map(String.init).joined(separator: ", ")
        return "lifelint: note: \(subject) without a year; \(years) was taken from \(source) (use --year to set it)"
    }
}
