import Testing
@testable import LifelintCore

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
        #expect(rendered == [
            "17 error save-in-on-destroy @2024-01-08T09:14:25.969 | com.example.notes saves 'draft' in a teardown callback that a system kill never runs, and did not save when it left the foreground | 15: the app went to the background here | 16: activity.destroyed (com.example.notes.EditorActivity)",
            "28 error no-save-at-background @2024-01-08T09:15:47.305 | com.example.notes went to the background with unsaved input, and no save began within 5s (no persist.begin; saves the app logs in its own words need a mapping to persist.*) | 25: the user's input, not yet saved",
            "39 error state-lost-after-process-death @2024-01-08T09:52:03.820 | com.example.notes cold-started after the system killed it (low-memory) and restored no state, although the dead process had saved state or unsaved input | 43: a screen was shown here",
        ])
        #expect(Set(analysis.findings.map(\.app)) == ["com.example.notes"])
    }

    @Test func fingerprintsIgnoreLinesAndTimes() throws {
        let rules = try RuleCatalog.builtIn().rules
        let original = try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), rules: rules, options: TraceReadOptions(year: 2024))
        let text = "01-01 00:00:00.000  1  1 I Unrelated: a line that shifts every line number\n"
            + (try String(contentsOfFile: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), encoding: .utf8))
        let shifted = try TraceFixture.ingestFindings(text, rules: rules, year: 2025)
        #expect(shifted.map(\.fingerprint) == original.findings.map(\.fingerprint))
        #expect(shifted.map(\.location.line) == original.findings.map { $0.location.line + 1 })
        #expect(Set(original.findings.map(\.fingerprint)).count == original.findings.count)
    }
}
