import Testing

@testable import LifelintIngestion
@testable import LifelintModel

/// AndroidJUnitRunner's `TestRunner` lines are the boundaries of each instrumented test, with
/// its outcome: what findings are attributed to, test by test.
@Suite struct TestRunnerTests {
    @Test func eachTestIsAStartAndAFinishWithItsOutcome() throws {
        let log = """
            01-08 10:00:00.000  1610  1655 I ActivityManager: Start proc 4242:com.example.notes/u0a187 for added application com.example.notes
            01-08 10:00:00.100  4242  4260 I TestRunner: run started: 4 tests
            01-08 10:00:00.110  4242  4260 I TestRunner: started: draftSurvivesProcessDeath(com.example.notes.EditorTest)
            01-08 10:00:02.000  4242  4242 I wm_on_resume_called: [1,com.example.notes.EditorActivity,RESUME_ACTIVITY,3]
            01-08 10:00:03.000  4242  4260 I TestRunner: finished: draftSurvivesProcessDeath(com.example.notes.EditorTest)
            01-08 10:00:03.010  4242  4260 I TestRunner: started: titleIsSaved[1](com.example.notes.EditorTest)
            01-08 10:00:04.000  4242  4260 E TestRunner: failed: titleIsSaved[1](com.example.notes.EditorTest)
            01-08 10:00:04.001  4242  4260 E TestRunner: ----- begin exception -----
            01-08 10:00:04.002  4242  4260 E TestRunner: java.lang.AssertionError: expected:<Draft> but was:<null>
            01-08 10:00:04.003  4242  4260 E TestRunner: ----- end exception -----
            01-08 10:00:04.010  4242  4260 I TestRunner: finished: titleIsSaved[1](com.example.notes.EditorTest)
            01-08 10:00:04.020  4242  4260 I TestRunner: started: onTablet(com.example.notes.EditorTest)
            01-08 10:00:04.021  4242  4260 E TestRunner: assumption failed: onTablet(com.example.notes.EditorTest)
            01-08 10:00:04.022  4242  4260 I TestRunner: finished: onTablet(com.example.notes.EditorTest)
            01-08 10:00:04.030  4242  4260 I TestRunner: ignored: flakyRotation(com.example.notes.EditorTest)
            01-08 10:00:04.040  4242  4260 I TestRunner: run finished: 3 tests, 1 failed, 1 ignored
            """
        let tests = try TraceFixture.ingest(log).events.filter { $0.name.rawValue.hasPrefix("test.") }
        #expect(
            tests.map { "\($0.name.rawValue) \($0.app) \($0.attributes["test"] ?? "") \($0.attributes["outcome"] ?? "-") line \($0.source.line)" } == [
                "test.started com.example.notes draftSurvivesProcessDeath - line 3",
                "test.finished com.example.notes draftSurvivesProcessDeath passed line 5",
                "test.started com.example.notes titleIsSaved[1] - line 6",
                "test.finished com.example.notes titleIsSaved[1] failed line 11",
                "test.started com.example.notes onTablet - line 12",
                "test.finished com.example.notes onTablet assumption-failed line 14",
                "test.finished com.example.notes flakyRotation ignored line 15",
            ])
        #expect(tests.allSatisfy { $0.attributes["class"] == "com.example.notes.EditorTest" })
    }

    /// XCTest's lines in Xcode's console: each test's start and finish, in its place among the
    /// app's records, at the latest time before it; XCTest's other lines are ordinary lines.
    @Test func xctestCasesAmongTheAppsLines() throws {
        let log = """
            Test Suite 'EditorTests' started at 2024-05-02 09:41:01.901
            2024-05-02 09:41:02.418220-0700 Notes[812:33019] [Scene] scene(_:willConnectTo:) session=default
            Test Case '-[NotesTests.EditorTests testDraftIsSaved]' started.
                t =     0.00s Start Test at 2024-05-02 09:41:02.420
            2024-05-02 09:41:31.006551-0700 Notes[812:33019] sceneDidEnterBackground: starting draft upload
            Test Case '-[NotesTests.EditorTests testDraftIsSaved]' failed (28.590 seconds).
            Test Case '-[NotesTests.EditorTests testTitle]' started.
            Test Case '-[NotesTests.EditorTests testTitle]' skipped (0.002 seconds).
            Test Case '-[NotesTests.EditorTests testList]' started.
            Test Case '-[NotesTests.EditorTests testList]' passed (0.010 seconds).
            \t Executed 3 tests, with 1 failure (0 unexpected) in 28.602 (28.610) seconds
            """
        let (events, summary) = try TraceFixture.ingest(log)
        let tests = events.filter { $0.name.rawValue.hasPrefix("test.") }
        #expect(
            tests.map {
                "\($0.name.rawValue) \($0.app) \($0.attributes["class"] ?? "") \($0.attributes["test"] ?? "") \($0.attributes["outcome"] ?? "-") \($0.time.readable) line \($0.source.line)"
            } == [
                "test.started xctest NotesTests.EditorTests testDraftIsSaved - 2024-05-02T09:41:02.418220-07:00 line 3",
                "test.finished xctest NotesTests.EditorTests testDraftIsSaved failed 2024-05-02T09:41:31.006551-07:00 line 6",
                "test.started xctest NotesTests.EditorTests testTitle - 2024-05-02T09:41:31.006551-07:00 line 7",
                "test.finished xctest NotesTests.EditorTests testTitle skipped 2024-05-02T09:41:31.006551-07:00 line 8",
                "test.started xctest NotesTests.EditorTests testList - 2024-05-02T09:41:31.006551-07:00 line 9",
                "test.finished xctest NotesTests.EditorTests testList passed 2024-05-02T09:41:31.006551-07:00 line 10",
            ])
        #expect(summary.format == "apple log xcode")
        #expect(summary.unrecognisedLines == 0 && summary.continuationLines == 0)
    }
}
