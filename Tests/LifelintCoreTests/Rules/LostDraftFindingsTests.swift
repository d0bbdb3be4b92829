import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The headline story, finding by finding: what a support engineer reads.
@Suite struct LostDraftFindingsTests {
    @Test func findingsTellTheStory() throws {
        let analysis = try TraceAnalyzer.analyze(
            path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), rules: RuleCatalog.builtIn().rules,
            options: TraceReadOptions(year: 2024))
        let rendered = analysis.findings.map { finding in
            "\(finding.location.line) \(finding.severity.rawValue) \(finding.ruleID) @\(finding.time.iso8601!) | \(finding.message)"
                + finding.related.map { " | \($0.location.line): \($0.message)" }.joined()
        }
        #expect(
            rendered == [
                "17 error save-in-on-destroy @2024-01-08T09:14:25.969 | com.example.notes saves 'draft' in a teardown callback that a system kill never runs, and did not save when it left the foreground | 15: the app went to the background here | 16: activity.destroyed (com.example.notes.EditorActivity)",
                "28 error no-save-at-background @2024-01-08T09:15:47.305 | com.example.notes went to the background with unsaved input, and no save began within 5s: the trace shows no persist.begin (if the app logs its saves in its own words, map those lines to persist.*) | 25: the user's input, not yet saved",
                "39 error state-lost-after-process-death @2024-01-08T09:52:03.820 | com.example.notes cold-started after the system killed it (low-memory) and restored no state, although the dead process had saved state or unsaved input | 43: a screen was shown here",
            ])
        #expect(Set(analysis.findings.map(\.app)) == ["com.example.notes"])
    }

    @Test func fingerprintsIgnoreLinesAndTimes() throws {
        let rules = try RuleCatalog.builtIn().rules
        let original = try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), rules: rules, options: TraceReadOptions(year: 2024))
        let text =
            "01-01 00:00:00.000  1  1 I Unrelated: a line that shifts every line number\n"
            + (try String(contentsOfFile: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), encoding: .utf8))
        let shifted = try TraceFixture.ingestFindings(text, rules: rules, year: 2025)
        #expect(shifted.map(\.fingerprint) == original.findings.map(\.fingerprint))
        #expect(shifted.map(\.location.line) == original.findings.map { $0.location.line + 1 })
        #expect(Set(original.findings.map(\.fingerprint)).count == original.findings.count)
    }
}

/// The trace's clock is every timestamped line: a wait whose deadline passed while the log
/// went on is decided, even if no event came after it.
@Suite struct TraceClockTests {
    static let departure = """
        01-08 10:00:00.000  1610  1655 I ActivityManager: Start proc 4242:com.example.notes/u0a187 for top-activity {com.example.notes/com.example.notes.EditorActivity}
        01-08 10:00:00.500  4242  4242 I wm_on_resume_called: [1,com.example.notes.EditorActivity,RESUME_ACTIVITY,1]
        01-08 10:00:05.000  4242  4242 I lifelint: input.edited field=body
        01-08 10:00:06.000  4242  4242 I wm_on_paused_called: [1,com.example.notes.EditorActivity,performPause,1]
        01-08 10:00:06.400  4242  4242 I wm_on_stop_called: [1,com.example.notes.EditorActivity,STOP_ACTIVITY_ITEM,1]

        """

    @Test func ordinaryLinesAfterTheDeadlineDecideIt() throws {
        let later = (0..<20).map { "01-08 10:00:\(10 + $0).000  1610  1672 D OpenGLRenderer: frame \($0)" }.joined(separator: "\n")
        let findings = try TraceFixture.ingestFindings(Self.departure + later + "\n", rules: RuleCatalog.builtIn().rules)
        #expect(findings.map { "\($0.ruleID) \($0.location.line) \($0.time.iso8601 ?? "")" } == ["no-save-at-background 5 2024-01-08T10:00:11.400"])
    }

    @Test func aTraceThatEndsBeforeTheDeadlineCannotTell() throws {
        let later = "01-08 10:00:08.000  1610  1672 D OpenGLRenderer: frame\n"
        #expect(try TraceFixture.ingestFindings(Self.departure + later, rules: RuleCatalog.builtIn().rules).isEmpty)
    }
}

/// Coverage: which rules each app of a trace could be evaluated on, and why not.
@Suite struct CoverageTests {
    @Test func theLostDraftCannotShowAMissingResync() throws {
        let report = TraceAnalyzer.report(
            path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"),
            settings: AnalysisSettings(rules: try RuleCatalog.builtIn().rules, readOptions: TraceReadOptions(year: 2024)))
        let coverage = Dictionary(uniqueKeysWithValues: report.coverage.map { ($0.rule, $0) })
        let resync = try #require(coverage["missing-resync-after-foreground"])
        #expect(resync.notEvaluated == ["com.android.camera2", "com.example.notes"] && resync.evaluated.isEmpty)
        #expect(resync.reason == "no app reported sync.*, auth.refresh, socket.* or subscription.*: instrument the app or add a mapping")
        #expect(coverage["no-save-at-background"]?.evaluated == ["com.example.notes"])
        #expect(coverage["slow-lifecycle-callback"]?.evaluated == ["com.android.camera2", "com.example.notes"])
        #expect(coverage["state-lost-after-process-death"]?.evaluated == ["com.example.notes"])
        #expect(coverage["state-lost-after-process-death"]?.partial == ["com.android.camera2"])
    }
}

/// Coverage when a trace's apps give many kinds of evidence: each app keeps its own state.
@Suite struct ManyEvidenceKindsCoverageTests {
    @Test func everyKindOfEvidenceIsJudgedForItsOwnApps() throws {
        // App k reports input (bit 0 of k % 16), a save (bit 1), a resync (bit 2) and a socket
        // (bit 3): sixteen kinds of evidence, more than are told apart by a scan, each twice.
        let events = ["input.edited", "persist.begin", "sync.resync", "socket.open"]
        let apps = Array(0..<32)
        var lines: [String] = []
        for app in apps {
            lines.append(#"{"time":1704700800.\#(app),"event":"process.started","app":"com.example.k\#(app)","pid":\#(5000 + app),"platform":"android"}"#)
            for (bit, name) in events.enumerated() where app % 16 & (1 << bit) != 0 {
                lines.append(#"{"time":1704700801.\#(app),"event":"\#(name)","app":"com.example.k\#(app)","pid":\#(5000 + app),"platform":"android"}"#)
            }
        }
        let file = TraceFixture.temporaryFile(name: "kinds.jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        let report = TraceAnalyzer.report(path: file.path, settings: AnalysisSettings(rules: try RuleCatalog.builtIn().rules, readOptions: TraceReadOptions(year: 2024)))
        let coverage = Dictionary(uniqueKeysWithValues: report.coverage.map { ($0.rule, $0) })
        func appsWhere(_ included: (Int) -> Bool) -> [String] { apps.filter(included).map { "com.example.k\($0)" }.sorted() }
        #expect(coverage["no-save-at-background"]?.evaluated == appsWhere { $0 % 16 & 1 != 0 })
        #expect(coverage["no-save-at-background"]?.notEvaluated == appsWhere { $0 % 16 & 1 == 0 })
        #expect(coverage["missing-resync-after-foreground"]?.evaluated == appsWhere { $0 % 16 & (4 | 8) != 0 })
        #expect(coverage["missing-resync-after-foreground"]?.notEvaluated == appsWhere { $0 % 16 & (4 | 8) == 0 })
    }
}
