import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The real-capture review set: logs nobody on this project wrote (public issue threads and
/// repositories, `Fixtures/review/SOURCES.md`, and `../shared/corpus` when it is beside the
/// checkout), each with the findings an engineer reading it by hand accepts, written down with
/// the reasoning (`expected-findings.json`, `corpus-expected-findings.json`). lifelint must
/// report exactly those: a new false positive, or a lost true one, fails the build. Where a
/// capture says which pid is which package, or where an app really left the foreground, that
/// is checked too: no app shown as `pid N` when the trace names it, no invented background.
@Suite struct RealCaptureReviewTests {
    struct Expectation: Decodable {
        struct ExpectedFinding: Decodable, Hashable {
            let rule: String
            let app: String
            let line: Int
        }

        struct BackgroundEntry: Decodable, Hashable {
            let app: String
            let line: Int
        }

        /// An instrumented test as its runner's lines show it: `end` and `outcome` nil when the
        /// capture ends before the test finished.
        struct Test: Decodable, Hashable {
            let `class`: String
            let name: String
            let outcome: String?
            let start: Int
            let end: Int?
        }

        let findings: [ExpectedFinding]
        /// Pid → process name, where the capture names it (possibly on a later line).
        let apps: [String: String]?
        let backgroundEntries: [BackgroundEntry]?
        let tests: [Test]?
    }

    struct Tally {
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0

        var precision: Double { truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives) }
        var recall: Double { truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives) }
    }

    static let reviewFolder = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/review")

    static func expectations(_ file: String) throws -> [String: Expectation] {
        try JSONDecoder().decode([String: Expectation].self, from: Data(contentsOf: URL(fileURLWithPath: "\(reviewFolder)/\(file)")))
    }

    /// The findings of one capture, as the command line reports them (built-in rules, no
    /// configuration), keyed like the expectations. Years are fixed so times do not depend
    /// on the checkout.
    static func findings(atPath path: String) throws -> Set<Expectation.ExpectedFinding> {
        do {
            let analysis = try TraceAnalyzer.analyze(path: path, rules: RuleCatalog.builtIn().rules, options: TraceReadOptions(year: 2024))
            return Set(analysis.findings.map { Expectation.ExpectedFinding(rule: $0.ruleID, app: $0.app, line: $0.location.line) })
        } catch let error as IngestionError where error.isUnrecognisedFormat {
            return []
        }
    }

    /// Compares one capture; returns its tally.
    static func review(_ name: String, atPath path: String, _ expected: Expectation) throws -> Tally {
        let found = try findings(atPath: path)
        let wanted = Set(expected.findings)
        for extra in found.subtracting(wanted).sorted(by: { $0.line < $1.line }) {
            Issue.record("\(name):\(extra.line): unexpected \(extra.rule) on \(extra.app): a false positive, or an expectation to review")
        }
        for missing in wanted.subtracting(found).sorted(by: { $0.line < $1.line }) {
            Issue.record("\(name):\(missing.line): expected \(missing.rule) on \(missing.app) was not reported")
        }
        try checkAttribution(name, atPath: path, expected)
        try checkTests(name, atPath: path, expected)
        return Tally(
            truePositives: found.intersection(wanted).count, falsePositives: found.subtracting(wanted).count,
            falseNegatives: wanted.subtracting(found).count)
    }

    /// Every event of a pid the capture names carries that name; the background entries are
    /// exactly those the capture shows.
    static func checkAttribution(_ name: String, atPath path: String, _ expected: Expectation) throws {
        guard expected.apps != nil || expected.backgroundEntries != nil else { return }
        let events: [Event]
        do { events = try TraceReader.events(atPath: path, options: TraceReadOptions(year: 2024)).events } catch { return }
        for (pid, process) in expected.apps ?? [:] {
            let package = ProcessName.package(process)
            for event in events where event.pid.map(String.init) == pid && event.app != package {
                Issue.record("\(name):\(event.source.line): \(event.name) of pid \(pid) is filed under '\(event.app)', not \(package)")
            }
        }
        guard let entries = expected.backgroundEntries else { return }
        let derived = TraceFixture.derive(events)
        let backgrounds = Set(derived.filter { $0.name == EventName.phaseBackground }.map { Expectation.BackgroundEntry(app: $0.app, line: $0.source.line) })
        #expect(backgrounds == Set(entries), "\(name): background entries")
    }

    /// The instrumented tests are exactly those the runner's lines show, with their outcomes.
    static func checkTests(_ name: String, atPath path: String, _ expected: Expectation) throws {
        guard let tests = expected.tests else { return }
        let analysis = try TraceAnalyzer.analyze(path: path, rules: [], options: TraceReadOptions(year: 2024))
        let found = analysis.tests.map {
            Expectation.Test(class: $0.className, name: $0.name, outcome: $0.outcome, start: $0.location.line, end: $0.endLocation?.line)
        }
        #expect(found == tests, "\(name): instrumented tests")
    }

    @Test func theReviewSetGetsExactlyTheFindingsAnEngineerAccepts() throws {
        var tally = Tally()
        for (name, expected) in try Self.expectations("expected-findings.json").sorted(by: { $0.key < $1.key }) {
            let result = try Self.review(name, atPath: "\(Self.reviewFolder)/\(name)", expected)
            tally.truePositives += result.truePositives
            tally.falsePositives += result.falsePositives
            tally.falseNegatives += result.falseNegatives
        }
        let captures = try FileManager.default.contentsOfDirectory(atPath: Self.reviewFolder).filter { $0 != "SOURCES.md" && !$0.hasSuffix(".json") }
        #expect(Set(captures) == Set(try Self.expectations("expected-findings.json").keys), "every capture has its expectations, and only captures")
        #expect(captures.count >= 15)
        print(
            "review set: \(captures.count) captures, \(tally.truePositives) true positives, \(tally.falsePositives) false positives, \(tally.falseNegatives) missed; precision \(tally.precision), recall \(tally.recall)"
        )
    }

    @Test(.enabled(if: TraceFixture.sharedCorpus != nil, "../shared/corpus is not beside this checkout"))
    func theSharedCorpusGetsExactlyTheFindingsAnEngineerAccepts() throws {
        let corpus = try #require(TraceFixture.sharedCorpus)
        let expectations = try Self.expectations("corpus-expected-findings.json")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0 != "MANIFEST.md" }
        #expect(Set(files) == Set(expectations.keys), "every corpus file has its expectations")
        var tally = Tally()
        for (name, expected) in expectations.sorted(by: { $0.key < $1.key }) where files.contains(name) {
            let result = try Self.review(name, atPath: corpus.appendingPathComponent(name).path, expected)
            tally.truePositives += result.truePositives
            tally.falsePositives += result.falsePositives
            tally.falseNegatives += result.falseNegatives
        }
        print(
            "shared corpus: \(files.count) files, \(tally.truePositives) true positives, \(tally.falsePositives) false positives, \(tally.falseNegatives) missed; precision \(tally.precision), recall \(tally.recall)"
        )
    }
}
