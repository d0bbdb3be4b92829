import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Flutter apps (docs/formats.md §11): their printed lifecycle states and instrumentation, in
/// logcat and in Apple's console, are `flutter` events.
@Suite struct FlutterTests {
    @Test func logcatInEveryLayoutAndIndented() throws {
        let read = try TraceFixture.ingest(
            """
                I/flutter (30769): _didChangeAppLifecycleState: AppLifecycleState.inactive
                I/flutter (30769): AppLifecycleState.hidden
                I/flutter (30769): didChangeAppLifecycleState paused
                I/flutter (30769): lifelint: persist.begin key=entry
                I/flutter (30769): AppLifecycleState.unknownState
            """)
        #expect(
            read.events.map(\.summaryLine) == [
                "flutter.inactive pid 30769 30769", "flutter.hidden pid 30769 30769", "flutter.paused pid 30769 30769",
                "persist.begin pid 30769 30769 {key=entry}",
            ])
        #expect(read.events.allSatisfy { $0.platform == .flutter })
        let threadtime = try TraceFixture.ingest("03-14 18:02:44.231  7731  7731 I flutter : AppLifecycleState.paused\n")
        #expect(threadtime.events.map(\.summaryLine) == ["flutter.paused pid 7731 7731"])
    }

    @Test func aLineNamingTwoStatesMeansTheLast() throws {
        let read = try TraceFixture.ingest("I/flutter ( 6914): state changed from AppLifecycleState.paused to AppLifecycleState.resumed\n")
        #expect(read.events.map(\.name.rawValue) == ["flutter.resumed"])
    }

    @Test func theConsoleWithAndWithoutItsPrefix() throws {
        let read = try TraceFixture.ingest(
            """
            flutter: state = AppLifecycleState.inactive
            flutter: lifelint: input.edited field=comment
            flutter: CalendarUploader isAppForeground:false
            """)
        #expect(read.events.map(\.summaryLine) == ["flutter.inactive unknown -", "input.edited unknown - {field=comment}"])
        let prefixed = try TraceFixture.ingest("2024-05-02 10:12:15.006551-0700 Runner[944:51002] flutter: AppLifecycleState.paused\n")
        #expect(prefixed.events.map(\.summaryLine) == ["flutter.paused Runner 944"])
    }

    @Test func aLostEntryIsFound() throws {
        let analysis = try TraceAnalyzer.analyze(
            path: RepositoryPaths.path("SampleLogs/flutter-android-lost-entry.log"), rules: try RuleCatalog.builtIn().rules, options: TraceReadOptions(year: 2024))
        #expect(analysis.findings.map { "\($0.ruleID) \($0.app) \($0.location.line)" } == ["no-save-at-background com.example.journal 8"])
        #expect(analysis.verdicts.map(\.outcome) == [.lost])
    }
}
