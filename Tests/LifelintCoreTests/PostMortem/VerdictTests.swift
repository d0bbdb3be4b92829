import Foundation
import Testing
@testable import LifelintCore

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
        #expect(verdict.paragraph == """
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
        #expect(verdict.claims.map(\.text)[2...3] == [
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

    @Test func aSwipeIsTheUsersOwnDoing() throws {
        let verdict = try #require(try Self.verdicts("android-swiped-away-fresh-start.log").only)
        #expect(verdict.outcome == .nothingAtRisk)
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
        "android-draft-saved-on-stop.log": [.saved],
        "android-lost-draft.chrome.json": [.lost],
        "android-lost-draft.jsonl": [.lost],
        "android-lost-draft.log": [.lost],
        "android-lost-draft.plist": [.lost],
        "android-request-in-background.log": [.nothingAtRisk],
        "android-restored-screen-before-auth.log": [.nothingAtRisk],
        "android-swiped-away-fresh-start.log": [.nothingAtRisk],
        "android-swiped-away-restored.log": [.nothingAtRisk],
        "ios-background-task-leak.ndjson": [.nothingAtRisk],
        "ios-journal-saved-on-terminate.bplist": [.lost],
        "ios-journal-saved-on-terminate.plist": [.lost],
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
        #expect(verdict.claims.map(\.text) == [
            "pid 811 went to the background at 10:00:45.600 with unsaved input",
            "The input was typed at 10:00:30.000",
            "No save began before the process died",
            "The process ended at 10:20:45.000, 19 min 59 s after it left",
            "The trace ends before the app started again",
        ])
        #expect(verdict.claims.map { $0.location?.line } == [10, 8, nil, 11, nil])
    }
}
