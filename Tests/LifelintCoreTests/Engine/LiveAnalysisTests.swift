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
            decided += live.consume(event).map { "\($0.ruleID):\($0.location.line)" }
        }
        #expect(decided == ["save-in-on-destroy:17"])
        #expect(live.advance(to: Self.time("2024-01-08T09:15:47.300")).isEmpty)
        #expect(live.advance(to: Self.time("2024-01-08T09:15:47.310")).map { "\($0.ruleID):\($0.location.line)" } == ["no-save-at-background:28"])
        #expect(live.advance(to: Self.time("2024-01-08T09:16:30")).isEmpty)
        #expect(live.finish().isEmpty)
    }

    /// Fed whole, the stream decides what the batch analysis reports, each finding once.
    @Test func theWholeStreamDecidesWhatTheBatchReports() throws {
        var live = LiveAnalysis(settings: try Self.settings())
        var decided: [Finding] = []
        for event in try Self.sampleEvents() { decided += live.consume(event) }
        decided += live.finish()
        let batch = try TraceAnalyzer.analyze(
            path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), rules: RuleCatalog.builtIn().rules, options: TraceReadOptions(year: 2024)
        ).findings
        #expect(decided.map { "\($0.ruleID):\($0.location.line)" }.sorted() == batch.map { "\($0.ruleID):\($0.location.line)" }.sorted())
    }
}
