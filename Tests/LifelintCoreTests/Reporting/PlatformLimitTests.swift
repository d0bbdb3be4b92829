import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// 30,000 findings (an app whose every callback is slow) followed by the lost-draft story: every
/// CI format must stay within what its platform accepts, keep the errors, and say how many
/// results it left out.
@Suite struct PlatformLimitTests {
    static let slowCallbacks = 30_000

    /// Built once: 30,000 slow `onPause`/`onResume` callbacks on 01-07, then the lost draft of 01-08.
    static let trace: String = {
        var lines = [
            "--------- beginning of main",
            "01-07 10:00:00.000  1610  1655 I ActivityManager: Start proc 6100:com.example.music/u0a187 for top-activity {com.example.music/com.example.music.PlayerActivity}",
        ]
        for index in 0..<slowCallbacks {
            let milliseconds = 1_000 + index * 10
            let time = String(format: "01-07 10:%02d:%02d.%03d", milliseconds / 60_000, milliseconds / 1_000 % 60, milliseconds % 1_000)
            let (tag, reason) = index.isMultiple(of: 2) ? ("wm_on_paused_called", "performPause") : ("wm_on_resume_called", "RESUME_ACTIVITY")
            lines.append("\(time)  6100  6100 I \(tag): [Token=90133577,Component Name=com.example.music.PlayerActivity,Reason=\(reason),time=250ms]")
        }
        let story = try! String(contentsOfFile: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), encoding: .utf8)
        lines += story.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("---------") }
        return TraceFixture.temporaryFile(name: "slow.log", contents: Data((lines.joined(separator: "\n") + "\n").utf8)).path
    }()

    /// Three error findings and one data-loss verdict, all in the story at the end of the trace.
    static let errors = 4

    @Test func sarifKeepsTheErrorsAndAtMost25000ResultsAndSaysHowManyMore() throws {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "sarif", Self.trace])
        #expect(result.status == .findings)
        #expect(SARIFSchema.violations(result.output) == [])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == PlatformLimits.sarifResultsPerRun)
        #expect(results.filter { $0["level"] as? String == "error" }.count == Self.errors)
        #expect(results.contains { $0["ruleId"] as? String == "data-loss-verdict" })
        let notifications = try #require((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
        let omitted = Self.slowCallbacks + Self.errors - PlatformLimits.sarifResultsPerRun
        #expect(notifications.count == 1)
        #expect((notifications.first?["message"] as? [String: Any])?["text"] as? String == SARIFReporter.omissionNote(omitted: omitted, limit: PlatformLimits.sarifResultsPerRun))
    }

    @Test func githubAnnotatesTenOfEachLevelListsTheRestAndEndsWithANotice() {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "github", Self.trace])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == Self.errors)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("- ") }.count == Self.slowCallbacks - 10)
        #expect(lines.prefix(Self.errors).allSatisfy { $0.hasPrefix("::error ") }, "errors first")
        #expect(lines[0].contains("title=lifelint data-loss-verdict"), "the lost draft leads")
        #expect(lines[Self.errors].hasPrefix("::warning file=\(Self.trace),line=3,"), "then the first warnings of the trace")
        #expect(lines.contains("::group::lifelint: 29990 more results (29990 warnings)"))
        #expect(
            lines.last?.hasPrefix("::notice title=lifelint::29990 more results are not annotated (29990 warnings): GitHub shows 10 annotations of each level per step.") == true)
    }

    @Test func maxAnnotationsChangesTheLimit() {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "github", "--max-annotations", "100", Self.trace])
        let lines = result.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 100)
        #expect(lines.filter { $0.hasPrefix("- ") }.count == Self.slowCallbacks - 100)
        #expect(runLifelint(["--format", "github", "--max-annotations", "0", Self.trace]).status == .failure)
    }

    @Test func markdownStaysUnderTheStepSummaryLimitAndSaysWhatIsLeftOut() throws {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "markdown", Self.trace])
        #expect(result.output.utf8.count <= PlatformLimits.stepSummaryBytes)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let closing = try #require(lines.dropLast().last)
        #expect(closing.hasPrefix("**Not shown:** "))
        #expect(closing.hasSuffix(" results, the least severe last: a step summary holds at most 1 MiB. `lifelint --format text` or the SARIF report lists them all."))
        let shownTrace = MarkdownReporter.cell(Self.trace)
        let rows = lines.filter { $0.hasPrefix("| 🔴 error | \(shownTrace):") || $0.hasPrefix("| 🟡 warning | \(shownTrace):") }
        let shown = rows.count
        #expect(
            closing
                == "**Not shown:** \(Self.slowCallbacks + Self.errors - shown) results, the least severe last: a step summary holds at most 1 MiB. `lifelint --format text` or the SARIF report lists them all."
        )
        #expect(rows.prefix(Self.errors).allSatisfy { $0.hasPrefix("| 🔴 error") })
        #expect(
            lines.contains(
                "| 🟡 warning | `slow-lifecycle-callback` | 30000 | A lifecycle callback ran longer than the budget, the system gave up waiting for one, or the app did not respond (ANR). |"
            ))
    }

    @Test func gitlabGivesEveryResultItsOwnFingerprint() throws {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "gitlab", Self.trace])
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(issues.count == Self.slowCallbacks + Self.errors)
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == issues.count, "GitLab keeps one issue per fingerprint")
        #expect(issues.filter { $0["severity"] as? String == "blocker" }.count == 1, "the data-loss verdict")
        #expect(issues.filter { $0["severity"] as? String == "critical" }.count == 3)
    }

    @Test func smallRunsAreNotCut() {
        let markdown = MarkdownReporterProbe.render(byteBudget: PlatformLimits.stepSummaryBytes)
        #expect(!markdown.contains("Not shown"))
        let cut = MarkdownReporterProbe.render(byteBudget: 2_500)
        #expect(cut.utf8.count <= 2_500)
        #expect(cut.contains("**Not shown:** "))
    }
}

/// Renders the lost-draft sample as Markdown with a chosen budget.
private enum MarkdownReporterProbe {
    static func render(byteBudget: Int) -> String {
        let settings = try! AnalysisSettings.make(configuration: Configuration(), ruleFolders: [], thresholdAssignments: [], readOptions: TraceReadOptions(year: 2024))
        let path = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
        var traces: [TraceReport] = []
        BatchAnalyzer(settings: settings, jobs: 1).run(InputExpander.expand([path])) { traces.append($0) }
        let output = ByteOutput.memory()
        var reporter = MarkdownReporter(output: output, byteBudget: byteBudget)
        reporter.finish(RunReport(traces: traces, rules: settings.rules))
        return output.text
    }
}
