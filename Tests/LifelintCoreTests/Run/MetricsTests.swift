import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct MetricsTests {
    /// The lost-draft story: two background entries, a save 35 ms long begun in the
    /// background (in `onDestroy`), a low-memory kill, two cold starts that restored nothing,
    /// and two returns to the foreground without a resync.
    @Test func theLostDraftStorysMetrics() throws {
        let analysis = try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), rules: [], options: TraceReadOptions(year: 2024))
        let notes = try #require(analysis.metrics.first { $0.app == "com.example.notes" })
        #expect(notes.platform == .android)
        #expect(notes.backgroundEntries == 2)
        #expect(notes.processDeaths == ["low-memory": 1])
        #expect(notes.coldStarts == 2)
        #expect(notes.coldStartsRestored == 0)
        #expect(notes.savesAfterBackground == DurationStatistics(milliseconds: [35]))
        #expect(notes.resyncAfterForeground.count == 0)
        #expect(notes.foregroundReturnsWithoutResync == 2)
        #expect(notes.backgroundTasksBegun == 0)
        #expect(notes.backgroundMilliseconds == 1_571_826)
    }

    /// Only the JSON reports write metrics, so only they pay for them: the text report's run
    /// computes none, and a JSON file written beside it has them.
    @Test func metricsAreComputedOnlyForTheReportsThatWriteThem() throws {
        let settings = AnalysisSettings(rules: [], readOptions: TraceReadOptions(year: 2024), collectsMetrics: false)
        let input = try TraceInput(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"))
        #expect(try TraceAnalyzer.analyze(input, settings: settings).metrics.count == 0)
        #expect(ReportFormat.allCases.filter(\.writesMetrics) == [.json, .jsonl])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = runLifelint(["--year", "2024", "--no-config", "--output", "json=\(file)", RepositoryPaths.path("SampleLogs/android-lost-draft.log")])
        #expect(result.status == .findings)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        let traces = try #require(report?["traces"] as? [[String: Any]])
        let apps = try #require(traces.first?["apps"] as? [[String: Any]])
        #expect(apps.map { $0["app"] as? String } == ["com.android.camera2", "com.example.notes"])
    }

    /// A Flutter app on Android: its findings and verdicts name it `flutter` (they point at its
    /// framework's events), and so do its metrics, though ActivityManager started it.
    @Test func aFrameworkAppIsNamedByItsFramework() throws {
        let analysis = try TraceAnalyzer.analyze(
            path: RepositoryPaths.path("SampleLogs/flutter-android-lost-entry.log"), rules: RuleCatalog.builtIn().rules, options: TraceReadOptions(year: 2024))
        let journal = try #require(analysis.metrics.first { $0.app == "com.example.journal" })
        #expect(journal.platform == .flutter)
        #expect(analysis.verdicts.map(\.platform) == [.flutter])
        #expect(Set(analysis.findings.map(\.platform)) == [.flutter])
    }

    @Test func aPlatformIsRefinedByAFrameworkNeverByTheNativeSystem() {
        #expect(Platform.android.refined(by: .flutter) == .flutter)
        #expect(Platform.ios.refined(by: .reactNative) == .reactNative)
        #expect(Platform.flutter.refined(by: .android) == .flutter)
        #expect(Platform.unknown.refined(by: .ios) == .ios)
        #expect(Platform.android.refined(by: .unknown) == .android)
    }

    @Test func percentilesAreNearestRank() {
        let statistics = DurationStatistics(milliseconds: [120, 5, 40, 1000, 60, 80, 10, 30, 20, 50])
        #expect(statistics.count == 10)
        #expect(statistics.p50 == 40)
        #expect(statistics.p95 == 1000)
        #expect(statistics.maximum == 1000)
        let empty = DurationStatistics(milliseconds: [])
        #expect(empty.p50 == nil && empty.p95 == nil && empty.maximum == nil)
    }

    @Test func resyncAndBackgroundTasksAreMeasured() throws {
        let trace = """
            {"time": 100.0, "event": "appstate.active", "app": "rn", "platform": "react-native"}
            {"time": 101.0, "event": "appstate.background", "app": "rn", "platform": "react-native"}
            {"time": 101.1, "event": "bgtask.begin", "app": "rn", "platform": "react-native", "attrs": {"id": "1"}}
            {"time": 101.2, "event": "persist.begin", "app": "rn", "platform": "react-native", "attrs": {"key": "draft"}}
            {"time": 101.45, "event": "persist.end", "app": "rn", "platform": "react-native", "attrs": {"key": "draft"}}
            {"time": 101.5, "event": "bgtask.end", "app": "rn", "platform": "react-native", "attrs": {"id": "1"}}
            {"time": 130.0, "event": "appstate.active", "app": "rn", "platform": "react-native"}
            {"time": 130.75, "event": "sync.resync", "app": "rn", "platform": "react-native"}
            {"time": 140.0, "event": "appstate.background", "app": "rn", "platform": "react-native"}
            {"time": 141.0, "event": "bgtask.begin", "app": "rn", "platform": "react-native", "attrs": {"id": "2"}}
            {"time": 170.0, "event": "bgtask.expired", "app": "rn", "platform": "react-native", "attrs": {"id": "2"}}
            """
        let url = TraceFixture.temporaryFile(name: "rn.jsonl", contents: Data(trace.utf8))
        let metrics = try #require(try TraceAnalyzer.analyze(path: url.path, rules: []).metrics.first)
        #expect(metrics.backgroundEntries == 2)
        #expect(metrics.backgroundMilliseconds == 29_000 + 30_000)
        #expect(metrics.savesAfterBackground == DurationStatistics(milliseconds: [250]))
        #expect(metrics.resyncAfterForeground == DurationStatistics(milliseconds: [750]))
        #expect(metrics.foregroundReturnsWithoutResync == 0)
        #expect((metrics.backgroundTasksBegun, metrics.backgroundTasksEnded, metrics.backgroundTasksExpired) == (2, 1, 1))
    }
}
