import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// ANR thread dumps: each real dump of the review set read to what blocked its main thread and
/// the callback it was in, as labelled by hand before lifelint read them.
@Suite struct AnrDumpTests {
    private static func reading(_ name: String) throws -> [String] {
        let path = TraceFixture.fixturePath("review/\(name)")
        return try TraceReader.events(atPath: path, options: TraceReadOptions(year: 2024)).events.map { event in
            [event.app, event.attributes["blocked_on"], event.attributes["callback"]].map { $0 ?? "-" }.joined(separator: " | ")
        }
    }

    @Test(arguments: [
        ("anr-dump-sharedprefs-handleServiceArgs-OneSignal-Android-SDK-416.txt", "unknown | shared-preferences-writes | Service.onStartCommand (ActivityThread.handleServiceArgs)"),
        ("anr-dump-sharedprefs-truncated-OneSignal-Android-SDK-958.txt", "unknown | shared-preferences-writes | -"),
        ("anr-dump-sharedprefs-load-wait-Leanplum-Android-SDK-116.txt", "unknown | shared-preferences-load | -"),
        ("anr-dump-sqlite-diskio-Leanplum-Android-SDK-160.txt", "unknown | database-write | -"),
        ("anr-dump-sqlite-handleCreateService-congress-android-426.txt", "unknown | database-read | Service.onCreate (ActivityThread.handleCreateService)"),
        ("anr-dump-sqlitepool-wait-the-blue-alliance-android-340.txt", "com.thebluealliance.androidclient | database-connection | -"),
        ("anr-dump-binder-onServiceConnected-play-billing-samples-143.txt", "unknown | binder | -"),
        ("anr-dump-lockheld-thread5-sentry-java-fixture.txt", "io.sentry.samples.android | lock | -"),
        ("anr-dump-lockheld-thread26-handler-OkSocket-147.txt", "unknown | lock | -"),
        (
            "anr-dump-lockheld-thread45-broadcastreceiver-appboy-android-sdk-147.txt",
            "unknown | lock | BroadcastReceiver.onReceive (LoadedApk$ReceiverDispatcher$Args.lambda$getRunnable$0)"
        ),
        ("anr-dump-lockheld-thread50-handleTrimMemory-branch-872.txt", "unknown | lock | onTrimMemory (ActivityThread.handleTrimMemory)"),
        ("anr-dump-idle-nativePollOnce-firebase-quickstart-android-594.txt", "unknown | idle | -"),
        ("anr-dump-threadsleep-onclick-bugsnag-android-fixture.txt", "com.example.bugsnag.android | sleep | -"),
    ])
    func eachDumpNamesItsBlockerAndCallback(name: String, expected: String) throws {
        #expect(try Self.reading(name) == [expected])
    }

    @Test func aNativeOnlyDumpHasNoJavaMainThreadToRead() throws {
        #expect(try Self.reading("anr-dump-waitingchannels-nativeonly-sentry-java-fixture.txt").isEmpty)
    }

    @Test func aLockNamesItsHolderAndADeadlockItsCycle() throws {
        let holder = try TraceReader.events(
            atPath: TraceFixture.fixturePath("review/anr-dump-lockheld-thread5-sentry-java-fixture.txt"), options: TraceReadOptions(year: 2024))
        #expect(holder.events.first?.attributes["detail"] == "waiting for a lock (java.lang.Object) held by thread 5 \"Thread-9\" (Sleeping)")
        #expect(holder.events.first?.time.iso8601 == "2023-04-04T22:06:31.064728684+02:00")
        let text = """
            ----- pid 77 at 2024-01-08 10:00:00 -----
            Cmd line: com.example.notes
            "main" prio=5 tid=1 Blocked
              at com.example.notes.Store.save(Store.kt:10)
              - waiting to lock <0x1> (a com.example.notes.Store) held by thread 12
              at com.example.notes.EditorActivity.onPause(EditorActivity.kt:30)
              at android.app.Activity.performPause(Activity.java:8000)

            "sync" prio=5 tid=12 Blocked
              at com.example.notes.Sync.run(Sync.kt:5)
              - waiting to lock <0x2> (a com.example.notes.Index) held by thread 13

            "index" prio=5 tid=13 Blocked
              at com.example.notes.Index.rebuild(Index.kt:9)
              - waiting to lock <0x1> (a com.example.notes.Store) held by thread 12

            ----- end 77 -----

            """
        let (events, summary) = try TraceFixture.ingest(text, name: "anr_2024-01-08")
        #expect(summary.format == "ANR thread dump" && summary.categoriesAddUp)
        #expect(
            events.map { "\($0.source.line) \($0.attributes["detail"] ?? "") / \($0.attributes["callback"] ?? "")" } == [
                "3 waiting for a lock (com.example.notes.Store) held by thread 12 \"sync\" (Blocked), in a deadlock (threads 12, 13 each wait for the next) / onPause (Activity.performPause)"
            ])
    }

    @Test func theSamplesShowTheRuleAndItsCleanCase() throws {
        let rules = try RuleCatalog.builtIn().rules.filter { $0.id == "blocking-save-caused-anr" }
        for (sample, lines) in [("android-anr-dump-shared-preferences-in-onstop.txt", [9]), ("android-anr-dump-binder-call-in-onresume.txt", [])] {
            let analysis = try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/\(sample)"), rules: rules, options: TraceReadOptions(year: 2024))
            #expect(analysis.findings.map(\.location.line) == lines, "\(sample)")
        }
    }

    @Test func logcatThatQuotesADumpIsStillLogcat() {
        let head = TraceHead(Array("01-08 08:45:43.100  1  1 I tag: ----- pid 4242 at 2024-01-08 -----\n".utf8))
        #expect(!(TraceFormats.recognise(head) is AnrDumpFormat))
    }
}
