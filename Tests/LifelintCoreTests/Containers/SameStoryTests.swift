import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// One story, four containers: logcat, lifelint JSON Lines, a Chrome trace and an XML plist of
/// the same events give the same findings (rule, app, message), so every rule runs unchanged
/// whatever the container.
@Suite struct SameStoryTests {
    static let containers = ["android-lost-draft.log", "android-lost-draft.jsonl", "android-lost-draft.chrome.json", "android-lost-draft.plist"]

    @Test func theLostDraftReadsTheSameInEveryContainer() throws {
        let rules = try RuleCatalog.builtIn().rules
        var results: [String: [String]] = [:]
        for name in Self.containers {
            let analysis = try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/\(name)"), rules: rules, options: TraceReadOptions(year: 2024))
            #expect(analysis.summary.events == 34, "\(name)")
            #expect(analysis.summary.problemCount == 0, "\(name)")
            results[name] = analysis.findings.map { "\($0.ruleID) \($0.severity.rawValue) \($0.app): \($0.message)" }.sorted()
        }
        let reference = try #require(results[Self.containers[0]])
        #expect(reference.count == 3)
        for name in Self.containers.dropFirst() {
            #expect(results[name] == reference, "\(name)")
        }
        let formats = try Self.containers.map { try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/\($0)"), options: TraceReadOptions(year: 2024)).summary.format }
        #expect(formats == ["logcat threadtime", "json lifelint-events", "json chrome-trace", "plist xml"])
    }
}
