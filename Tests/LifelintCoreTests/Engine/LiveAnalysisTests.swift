import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// A stream analysed as it arrives: findings come out as they are decided, and a deadline
/// passes when the stream's clock does, with no further line.
@Suite struct LiveAnalysisTests {
    private static func settings() throws -> AnalysisSettings {
        AnalysisSettings(rules: try RuleCatalog.builtIn().rules)
    }

    private static func sampleEvents() throws -> [Event] {
        try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), options: TraceReadOptions(year: 2024)).events
    }

    private static func time(_ text: String) -> Timestamp {
        TimestampParser.parse(text)!
    }

    /// The lost-draft run fed up to the app's background entry (line 28) and no further: the
    /// save that never began is decided when the clock passes its 5 s window, not before.
    @Test func aDeadlinePassesWithTheClockAlone() throws {
        var live = LiveAnalysis(settings: try Self.settings())
        var decided: [String] = []
        for event in try Self.sampleEvents() where event.source.line <= 28 {
            decided += live.consume(event).findings.map { "\($0.ruleID):\($0.location.line)" }
        }
        #expect(decided == ["save-in-on-destroy:17"])
        #expect(live.advance(to: Self.time("2024-01-08T09:15:47.300")).findings.isEmpty)
        #expect(live.advance(to: Self.time("2024-01-08T09:15:47.310")).findings.map { "\($0.ruleID):\($0.location.line)" } == ["no-save-at-background:28"])
        #expect(live.advance(to: Self.time("2024-01-08T09:16:30")).findings.isEmpty)
        #expect(live.finish().findings.isEmpty)
    }

    /// Fed whole, the stream decides what the batch analysis reports, each finding and each
    /// verdict once.
    @Test func theWholeStreamDecidesWhatTheBatchReports() throws {
        var live = LiveAnalysis(settings: try Self.settings())
        var decided = LiveAnalysis.Decisions()
        for event in try Self.sampleEvents() {
            let step = live.consume(event)
            decided.findings += step.findings
            decided.verdicts += step.verdicts
        }
        let last = live.finish()
        decided.findings += last.findings
        decided.verdicts += last.verdicts
        let batch = try TraceAnalyzer.analyze(
            TraceInput(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log")),
            settings: AnalysisSettings(rules: RuleCatalog.builtIn().rules, readOptions: TraceReadOptions(year: 2024)))
        #expect(decided.findings.map { "\($0.ruleID):\($0.location.line)" }.sorted() == batch.findings.map { "\($0.ruleID):\($0.location.line)" }.sorted())
        #expect(decided.verdicts.map { "\($0.location.line) \($0.outcome)" }.sorted() == batch.verdicts.map { "\($0.location.line) \($0.outcome)" }.sorted())
        #expect(decided.verdicts.count == 1)
    }
}
