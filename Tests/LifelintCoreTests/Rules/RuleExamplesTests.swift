import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Every rule proves itself: it fires on each of its triggering examples and stays silent on
/// each clean one. A rule cannot land without examples that run.
@Suite struct RuleExamplesTests {
    static let catalog = try! RuleCatalog.builtIn()

    /// The example's findings and, for verdict rules, its verdicts as their results.
    static func findings(_ example: String) throws -> [Finding] {
        let analysis = try TraceAnalyzer.analyze(path: RepositoryPaths.path(example), rules: catalog.rules, options: TraceReadOptions(year: 2024))
        return analysis.findings + analysis.verdictResults
    }

    @Test(arguments: catalog.rules.map(\.id))
    func ruleTriggersOnItsExamplesAndOnlyThere(id: String) throws {
        let rule = try #require(Self.catalog.rule(id: id))
        #expect(!rule.examples.triggering.isEmpty && !rule.examples.clean.isEmpty)
        for example in rule.examples.triggering {
            let lines = try Self.findings(example.trace).filter { $0.ruleID == id }.map(\.location.line)
            #expect(!lines.isEmpty, "\(id) should fire on \(example.trace)")
            if let pinned = example.lines { #expect(lines.sorted() == pinned.sorted(), "\(id) on \(example.trace): lines") }
        }
        for example in rule.examples.clean {
            let unexpected = try Self.findings(example).filter { $0.ruleID == id }
            #expect(unexpected.isEmpty, "\(id) should be silent on \(example): \(unexpected.map(\.message))")
        }
    }

    @Test func theCatalogueIsTheIssuesList() {
        #expect(
            Self.catalog.rules.map(\.id) == [
                "background-task-not-ended", "blocking-save-caused-anr", "data-loss-verdict", "deep-link-overridden-by-restore", "fgs-did-not-start-in-time",
                "fgs-timeout-not-handled",
                "flush-overruns-grace-window",
                "foreground-service-from-background", "inactive-treated-as-background", "killed-holding-lock-at-suspension", "missing-resync-after-foreground",
                "no-save-at-background", "oversized-saved-state", "probe-without-deadline", "reconnect-storm",
                "reconnect-without-catch-up", "reporter-claim-contradicts-trail", "request-started-in-background", "restored-after-user-dismissal",
                "restored-screen-before-revalidation", "save-in-on-destroy", "silent-push-flood", "slow-lifecycle-callback",
                "snapshot-shows-sensitive-content", "stale-socket-trusted", "state-lost-after-process-death",
                "subscription-outlives-foreground", "watchdog-kill-in-background", "work-stopped-by-system",
            ])
    }

    /// The binary carries `Rules/` through a build plugin; this proves the copy is current.
    @Test func embeddedRulesMatchTheRulesFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("Rules")).filter { $0.hasSuffix(".json") }.sorted()
        #expect(EmbeddedRules.files.map(\.name) == files)
        for file in EmbeddedRules.files {
            let onDisk = try RuleCatalog.decode(path: RepositoryPaths.path("Rules/\(file.name)"))
            #expect(Self.catalog.rule(id: onDisk.id) == onDisk, "\(file.name)")
        }
    }

    /// Every SampleLogs story is some rule's example, and every finding on a sample belongs to
    /// a rule that lists that sample as triggering (no surprise findings).
    @Test func samplesAndExamplesAgree() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("SampleLogs")).map { "SampleLogs/" + $0 }.sorted()
        let referenced = Set(Self.catalog.rules.flatMap { $0.examples.triggering.map(\.trace) + $0.examples.clean })
        #expect(Set(samples) == referenced)
        for sample in samples {
            let fired = Set(try Self.findings(sample).map(\.ruleID))
            let declared = Set(Self.catalog.rules.filter { $0.examples.triggering.contains { $0.trace == sample } }.map(\.id))
            #expect(fired == declared, "\(sample)")
        }
    }
}
