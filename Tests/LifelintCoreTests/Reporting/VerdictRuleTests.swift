import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// `data-loss-verdict` is a rule like the others: listed and shown by `lifelint rules`, chosen
/// with `--select` and `--ignore`, described with a help URI in SARIF; and its results never
/// crowd the rules' errors out of the places a CI platform shows.
@Suite struct VerdictRuleTests {
    private let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    @Test func theRulesCommandShowsIt() {
        let shown = runLifelint(["rules", "--no-config", "data-loss-verdict"])
        #expect(shown.status == .success)
        let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "data-loss-verdict (error; persistence; android, ios, react-native, flutter)")
        #expect(lines.contains("Reports the post-mortem's verdicts:"))
        #expect(lines.contains("  - lost (error): the user's input was lost"))
        #expect(lines.contains("  - saved-late (warning): the input was saved, but only after the grace window"))
        let listed = runLifelint(["rules", "--no-config"]).output
        #expect(listed.contains("data-loss-verdict                    error    A process death after a background entry lost the user's input"))
    }

    @Test func ignoringItLeavesTheVerdictsOut() {
        let ignored = runLifelint(["--year", "2024", "--no-config", "--ignore", "data-loss-verdict", lostDraft])
        #expect(ignored.status == .findings)
        #expect(!ignored.output.contains("verdict:"))
        let sarif = runLifelint(["--year", "2024", "--no-config", "--ignore", "data-loss-verdict", "--format", "sarif", lostDraft]).output
        #expect(!sarif.contains("data-loss-verdict"))
        let kept = runLifelint(["--year", "2024", "--no-config", lostDraft]).output
        #expect(kept.contains("SampleLogs/android-lost-draft.log:28: verdict: com.example.notes (pid 4242): the user's input was lost"))
    }

    @Test func selectingItAloneReportsOnlyTheVerdicts() {
        let selected = runLifelint(["--year", "2024", "--no-config", "--select", "data-loss-verdict", "--format", "github", lostDraft])
        #expect(selected.status == .success, "verdicts do not decide the exit status")
        let annotations = selected.output.split(separator: "\n")
        #expect(annotations.count == 1)
        #expect(annotations.first?.hasPrefix("::error file=\(lostDraft),line=28,title=lifelint data-loss-verdict::") == true)
    }

    @Test func sarifDescribesItWithAHelpURI() throws {
        let output = runLifelint(["--year", "2024", "--no-config", "--format", "sarif", lostDraft]).output
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let driver = try #require(((document["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let descriptor = try #require((driver["rules"] as? [[String: Any]])?.first { $0["id"] as? String == "data-loss-verdict" })
        #expect(descriptor["helpUri"] as? String == "https://developer.android.com/topic/libraries/architecture/saving-states")
        #expect((descriptor["properties"] as? [String: Any])?["tags"] as? [String] == ["lifecycle", "persistence", "post-mortem", "android", "ios", "react-native", "flutter"])
    }

    /// Twelve lost drafts: twelve verdicts and 36 rule errors compete for GitHub's ten error
    /// annotations. Each rule's first error comes right after the first verdict.
    @Test func verdictsDoNotCrowdOutTheRulesErrors() {
        let story = try! Data(contentsOf: URL(fileURLWithPath: lostDraft))
        let traces = (1...12).map { TraceFixture.temporaryFile(name: "draft-\($0).log", contents: story).path }
        let output = runLifelint(["--year", "2024", "--no-config", "--format", "github"] + traces).output
        let errors = output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(errors.count == PlatformLimits.annotationsPerLevel)
        let rules = errors.map { String($0.split(separator: "title=lifelint ")[1].prefix { $0 != ":" }) }
        #expect(Array(rules.prefix(4)) == ["data-loss-verdict", "no-save-at-background", "save-in-on-destroy", "state-lost-after-process-death"])
        #expect(rules.filter { $0 == "data-loss-verdict" }.count == 3, "one verdict per round of the rules' errors")
    }
}
