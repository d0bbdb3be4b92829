import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Every sample, damaged a dozen ways (bytes replaced by JSON and logcat punctuation, runs
/// deleted, markup inserted; seeded), goes through reading, rules, verdicts, the timeline and
/// the HTML drawing: errors are reported, nothing crashes and nothing loops. Found this way and fixed: a loop on a word starting with '=' in an
/// instrumentation message, a loop on a stray ']' between JSON Lines records, and a crash on a
/// numeric time too large for 64-bit nanoseconds, and a crash drawing an event without a time.
@Suite struct MutatedSampleTests {
    static let alphabet = Array(#"=" \n\{}[]<>:,0123456789abcdefxyz.-"#.utf8) + [0x00, 0xFF]

    @Test(.timeLimit(.minutes(2)))
    func damagedSamplesAreReadToTheirEnd() throws {
        var generator = SeededGenerator(seed: 42)
        let rules = try RuleCatalog.builtIn().rules
        let settings = AnalysisSettings(rules: rules, readOptions: TraceReadOptions(year: 2024), collectsTimeline: true)
        for sample in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("SampleLogs")).sorted() {
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("SampleLogs/\(sample)"))))
            for variant in 0..<12 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
                    let position = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0..<6: bytes[position] = Self.alphabet.randomElement(using: &generator)!
                    case 6..<8: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...20, using: &generator)))
                    default: bytes.insert(contentsOf: Array(#"="\{[<"#.utf8).shuffled(using: &generator), at: position)
                    }
                }
                let url = TraceFixture.temporaryFile(name: "\(variant)-\(sample)", contents: Data(bytes))
                // Through the whole pipeline, down to the timeline and the HTML drawing.
                let report = TraceAnalyzer.report(path: url.path, settings: settings)
                if report.summary == nil { #expect(report.error?.hasPrefix(url.path) == true, "\(report.error ?? "")") }
                _ = HTMLReporter.page(RunReport(traces: [report], rules: rules))
                _ = TimelineTextRenderer(style: TerminalStyle(colors: false)).render(report, filter: .init())
            }
        }
    }
}
