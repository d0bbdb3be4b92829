import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The verdict tells each SampleLogs story's ending correctly: facts, lines and outcome.
@Suite struct VerdictTests {
    static func verdicts(_ sample: String) throws -> [Verdict] {
        try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/\(sample)"), rules: [], options: TraceReadOptions(year: 2024)).verdicts
    }

    @Test func theLostDraft() throws {
        let verdict = try #require(try Self.verdicts("android-lost-draft.log").only)
        #expect(verdict.outcome == .lost)
        #expect(verdict.subject == "com.example.notes (pid 4242)")
        #expect(verdict.location.line == 28)
        #expect(verdict.claims.map { $0.location?.line } == [28, 25, nil, 29, 35, 43])
        #expect(
            verdict.paragraph == """
                com.example.notes went to the background at 09:15:42.305 with unsaved input (line 28). \
                The input was typed at 09:15:40.002 (line 25). No save began before the process died. \
                The platform saved instance state, 2318 bytes (line 29). \
                The system killed the process (low-memory) at 09:41:17.730, 25 min 35 s after it left (line 35). \
                The next cold start, at 09:52:03.411, restored nothing, although instance state had been saved (line 43).
                """)
    }

    /// The same story in every container gives the same verdict (lines differ).
    @Test(arguments: ["android-lost-draft.jsonl", "android-lost-draft.plist", "android-lost-draft.chrome.json"])
    func theLostDraftInOtherContainers(_ sample: String) throws {
        let verdict = try #require(try Self.verdicts(sample).only)
        #expect(verdict.outcome == .lost)
        #expect(verdict.claims.count == 6)
    }

    @Test func aDraftSavedOnStopSurvives() throws {
        let verdict = try #require(try Self.verdicts("android-draft-saved-on-stop.log").only)
        #expect(verdict.outcome == .saved)
        #expect(
            verdict.claims.map(\.text)[2...3] == [
                "A save of 'draft' began 20 ms after it left, within the 5 s grace window",
                "It ended 230 ms after the app left (in time)",
            ])
        #expect(verdict.claims.last?.text == "The next cold start, at 10:15:00.000, restored state (state.restored)")
    }

    @Test func aSaveCutOffByTheKill() throws {
        let verdict = try #require(try Self.verdicts("rn-background-task-leak.log").only)
        #expect(verdict.outcome == .saveCutOff)
        #expect(verdict.claims.map(\.text).contains("It never ended before the process died"))
    }

    /// The app reports no input at all: the verdict tells the death, and that what was at
    /// risk cannot be told.
    @Test func aSwipeIsTheUsersOwnDoing() throws {
        let verdict = try #require(try Self.verdicts("android-swiped-away-fresh-start.log").only)
        #expect(verdict.outcome == .noEvidence)
        #expect(verdict.claims.first?.text.hasSuffix("it reports no input in this trace, so what was unsaved cannot be told (instrument the app or add a mapping)") == true)
        #expect(verdict.claims.map(\.text).contains("The user ended the process at 10:00:45.000, 4.6 s after it left"))
    }

    @Test func noDeathNoVerdict() throws {
        #expect(try Self.verdicts("rn-stale-websocket.log").isEmpty)
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}

/// Every SampleLogs story with a death after a background entry gets the right outcome, and
/// stories without one get none.
@Suite struct VerdictOutcomeTests {
    static let expected: [String: [Verdict.Outcome]] = [
        "android-draft-saved-on-pause.log": [.saved],
        "android-draft-saved-on-stop.log": [.saved],
        "android-lost-draft.chrome.json": [.lost],
        "android-lost-draft.jsonl": [.lost],
        "android-lost-draft.log": [.lost],
        "android-lost-draft.plist": [.lost],
        "android-request-in-background.log": [.noEvidence],
        "android-sentry-crash-in-background.json": [.unknown],
        "android-restored-screen-before-auth.log": [.noEvidence],
        "android-swiped-away-fresh-start.log": [.noEvidence],
        "android-swiped-away-restored.log": [.noEvidence],
        "android-process-death-test.log": [.nothingAtRisk, .saveCutOff],
        "flutter-android-lost-entry.log": [.lost],
        "ios-background-task-leak.ndjson": [.noEvidence],
        "ios-journal-saved-on-terminate.bplist": [.lost],
        "ios-journal-saved-on-terminate.plist": [.lost],
        "ios-runningboard-task-expired.log": [.noEvidence],
        "ios-save-on-terminate.log": [.lost],
        "rn-background-task-ended.log": [.saved],
        "rn-background-task-leak.log": [.saveCutOff],
    ]

    /// Every sample: the stories above end in a death after a background entry; the others
    /// have none, so they get no verdict.
    @Test func everySample() throws {
        for sample in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("SampleLogs")).sorted() {
            #expect(try VerdictTests.verdicts(sample).map(\.outcome) == Self.expected[sample, default: []], "\(sample)")
        }
    }

    /// The iOS journal is typed, then saved only in applicationWillTerminate, which a
    /// suspended app never reaches: the verdict says so with its lines.
    @Test func theJournalSavedOnTerminate() throws {
        let verdict = try #require(try VerdictTests.verdicts("ios-save-on-terminate.log").only)
        #expect(
            verdict.claims.map(\.text) == [
                "pid 811 went to the background at 10:00:45.600 with unsaved input",
                "The input was typed at 10:00:30.000",
                "No save began before the process died",
                "The process ended at 10:20:45.000, 19 min 59 s after it left",
                "The trace ends before the app started again",
            ])
        #expect(verdict.claims.map { $0.location?.line } == [10, 8, nil, 11, nil])
    }
}

/// Verdicts and rules tell one story: the save windows the verdict applies are the rules'.
@Suite struct SaveWindowTests {
    /// A 20 s save under a background task: in time for the verdict, and for
    /// `flush-overruns-grace-window`, which allows `backgroundTaskWindow` under a task.
    @Test func aLongSaveUnderABackgroundTaskIsInTime() throws {
        let text = """
            01-08 10:00:00.000  1610  1655 I ActivityManager: Start proc 7100:com.example.chat/u0a187 for top-activity {com.example.chat/com.example.chat.MainActivity}
            01-08 10:00:00.500  7100  7100 I lifelint: appstate.active
            01-08 10:00:10.000  7100  7100 I lifelint: input.edited field=message chars=120
            01-08 10:00:20.000  7100  7100 I lifelint: appstate.background
            01-08 10:00:20.050  7100  7100 I lifelint: bgtask.begin id=7 label=flush-outbox
            01-08 10:00:20.100  7100  7100 I lifelint: persist.begin key=outbox bytes=52000
            01-08 10:00:40.100  7100  7100 I lifelint: persist.end key=outbox ok=true
            01-08 10:00:40.200  7100  7100 I lifelint: bgtask.end id=7
            01-08 10:01:05.000   577   577 I lowmemorykiller: Kill 'com.example.chat' (7100), uid 10187, oom_score_adj 905 to free 88312kB rss, 10240kB swap; reason: low watermark is breached
            """
        let url = TraceFixture.temporaryFile(name: "task.log", contents: Data(text.utf8))
        let analysis = try TraceAnalyzer.analyze(path: url.path, rules: RuleCatalog.builtIn().rules, options: TraceReadOptions(year: 2024))
        #expect(!analysis.findings.contains { $0.ruleID == "flush-overruns-grace-window" })
        let verdict = try #require(analysis.verdicts.only)
        #expect(verdict.outcome == .saved)
        #expect(verdict.claims.map(\.text).contains("It ended 20 s after the app left, under a background task (30 s) (in time)"))
    }

    /// The rules still measure saves as `SaveWindow` does.
    @Test func theRulesSayWhatTheVerdictApplies() throws {
        let catalog = try RuleCatalog.builtIn()
        let flush = try #require(catalog.rule(id: "flush-overruns-grace-window"))
        guard case let .maxDuration(span)? = flush.match.first?.primitive else {
            Issue.record("not a max-duration")
            return
        }
        #expect(span.start.name == "persist.begin" && span.end.name == "persist.end" && span.during == [.background])
        #expect(span.limits.map(\.limit) == ["backgroundTaskWindow", "graceWindow"])
        #expect(span.limits[0].when == [.occurred(EventPattern("bgtask.begin"), since: EventPattern("bgtask.end"))])
        let noSave = try #require(catalog.rule(id: "no-save-at-background"))
        guard case let .expect(wait)? = noSave.match.first?.primitive else {
            Issue.record("not an expect")
            return
        }
        #expect(wait.after.map(\.name) == [EventName.phaseBackground.rawValue] && wait.expect.map(\.name) == ["persist.begin"] && wait.within == "graceWindow")
    }
}

/// What a verdict may claim depends on what the app reports anywhere in the trace.
@Suite struct VerdictEvidenceTests {
    static func verdict(_ text: String) throws -> Verdict {
        let url = TraceFixture.temporaryFile(name: "story.log", contents: Data(text.utf8))
        return try #require(try TraceAnalyzer.analyze(path: url.path, rules: [], options: TraceReadOptions(year: 2024)).verdicts.only)
    }

    static let leaving = """
        01-08 10:00:00.000  1610  1655 I ActivityManager: Start proc 7100:com.example.chat/u0a187 for top-activity {com.example.chat/com.example.chat.MainActivity}
        01-08 10:00:00.500  7100  7100 I lifelint: appstate.active
        01-08 10:00:10.000  7100  7100 I lifelint: input.edited field=message chars=120

        """

    /// A save begun just before the app left and still running belongs to the story, as
    /// `flush-overruns-grace-window` measures it from the background entry.
    @Test func aSaveRunningWhenTheAppLeftIsItsSave() throws {
        let verdict = try Self.verdict(
            Self.leaving + """
                01-08 10:00:19.800  7100  7100 I lifelint: persist.begin key=outbox
                01-08 10:00:20.000  7100  7100 I lifelint: appstate.background
                01-08 10:00:21.000  7100  7100 I lifelint: persist.end key=outbox ok=true
                01-08 10:01:05.000   577   577 I lowmemorykiller: Kill 'com.example.chat' (7100), uid 10187, oom_score_adj 905 to free 88312kB rss, 10240kB swap; reason: low watermark is breached
                """)
        #expect(verdict.outcome == .saved)
        #expect(verdict.claims[2].text == "A save of 'outbox' begun 200 ms before it left was still running")
    }

    /// The app reports no restores or screens: the cold start's restore cannot be judged.
    @Test func noRestoreEvidenceNoRestoreClaim() throws {
        let verdict = try Self.verdict(
            Self.leaving + """
                01-08 10:00:20.000  7100  7100 I lifelint: appstate.background
                01-08 10:01:05.000   577   577 I lowmemorykiller: Kill 'com.example.chat' (7100), uid 10187, oom_score_adj 905 to free 88312kB rss, 10240kB swap; reason: low watermark is breached
                01-08 10:02:00.000  1610  1655 I ActivityManager: Start proc 7200:com.example.chat/u0a187 for top-activity {com.example.chat/com.example.chat.MainActivity}
                """)
        #expect(verdict.outcome == .lost)
        #expect(verdict.claims.last?.text == "The next cold start was at 10:02:00.000; the app reports no restores or screens, so what it restored cannot be told")
    }
}
