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

    /// A save running in the background past its limit has overrun however long it goes on:
    /// the clock passing the limit reports it, once, without its end.
    @Test func aSpanPastItsLimitIsReportedWhileItRuns() throws {
        var live = LiveAnalysis(settings: try Self.settings())
        let events = try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/android-slow-flush.log"), options: TraceReadOptions(year: 2024)).events
        var decided: [String] = []
        for event in events where event.source.line <= 11 {
            decided += live.consume(event).findings.map { "\($0.ruleID):\($0.location.line)" }
        }
        #expect(decided.isEmpty)
        #expect(live.advance(to: Self.time("2024-01-08T10:00:35.300")).findings.isEmpty)
        let overrun = live.advance(to: Self.time("2024-01-08T10:00:36.000")).findings
        #expect(overrun.map { "\($0.ruleID):\($0.location.line)" } == ["flush-overruns-grace-window:11"])
        #expect(overrun.first?.message == "com.example.notes: a save of 'notebook' running in the background had not ended after 5s, beyond the 5s the OS allows")
        #expect(live.advance(to: Self.time("2024-01-08T10:00:50")).findings.isEmpty)
        #expect(live.finish().findings.filter { $0.ruleID == "flush-overruns-grace-window" }.isEmpty, "reported once")
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
