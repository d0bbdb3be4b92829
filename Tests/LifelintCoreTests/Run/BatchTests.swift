import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct BatchTests {
    /// Output does not depend on how many traces are analysed at once.
    @Test func parallelRunsReportInInputOrder() {
        let folder = RepositoryPaths.path("SampleLogs")
        let serial = runLifelint(["--year", "2024", "--no-config", "--jobs", "1", "--format", "jsonl", folder])
        let parallel = runLifelint(["--year", "2024", "--no-config", "--jobs", "4", "--format", "jsonl", folder])
        #expect(serial.output == parallel.output)
        #expect(serial.diagnostics == parallel.diagnostics)
        let traces = serial.output.split(separator: "\n").filter { $0.contains(#""type":"trace""#) }
        let paths = traces.map { line in
            (try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])["path"] as! String
        }
        #expect(paths == paths.sorted())
        #expect(paths.count == InputExpander.traceFiles(under: folder).count)
        #expect(paths.count > 30)
    }

    /// The text report's closing lines are gathered trace by trace (the run keeps no traces):
    /// the same whatever the number of workers, and the same as the traces one by one add up to.
    @Test func theTextSummaryIsTheSameInParallel() throws {
        let folder = RepositoryPaths.path("SampleLogs")
        let serial = runLifelint(["--year", "2024", "--no-config", "--jobs", "1", folder])
        let parallel = runLifelint(["--year", "2024", "--no-config", "--jobs", "3", folder])
        #expect(serial.output == parallel.output)
        let last = serial.output.split(separator: "\n").last.map(String.init) ?? ""
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.count
        #expect(last.hasPrefix("lifelint: ") && last.contains(" in \(traces) traces ("), "\(last)")
    }

    /// A run compiles its rules once, in its settings; changing the rules or thresholds
    /// compiles them again.
    @Test func settingsCompileTheirRules() throws {
        let rules = try RuleCatalog.builtIn().rules
        var settings = AnalysisSettings(rules: rules)
        #expect(settings.compiledRules.rules.map(\.id) == rules.map(\.id))
        settings.rules = Array(rules.prefix(2))
        #expect(settings.compiledRules.rules.map(\.id) == rules.prefix(2).map(\.id))
        #expect(settings.compiledRules.clauses.count == rules.prefix(2).reduce(0) { $0 + $1.match.count })
    }

    @Test func foldersAndPatternsExpandToSortedTraceFiles() throws {
        let root = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent()
        for name in ["b.log", "a.jsonl", "notes.md", ".hidden.log", "deep/c.log.gz", "deep/deeper/d.log", ".git/e.log"] {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let base = root.path
        #expect(InputExpander.expand([base]).map(\.path) == ["a.jsonl", "b.log", "deep/c.log.gz", "deep/deeper/d.log"].map { "\(base)/\($0)" })
        #expect(InputExpander.expand(["\(base)/*.log"]).map(\.path) == ["\(base)/b.log"])
        #expect(InputExpander.expand(["\(base)/**/*.log"]).map(\.path) == ["b.log", "deep/deeper/d.log"].map { "\(base)/\($0)" })
        #expect(InputExpander.expand(["\(base)/deep/**"]).map(\.path) == ["deep/c.log.gz", "deep/deeper/d.log"].map { "\(base)/\($0)" })
        #expect(InputExpander.expand(["\(base)/*.nothing"]) == [.unmatched("\(base)/*.nothing")])
        #expect(InputExpander.expand(["-", "\(base)/b.log", "\(base)/b.log"]).map(\.path) == ["-", "\(base)/b.log"])
    }

    /// Firebase Test Lab's results: a folder per device run, its logcat a file named `logcat`.
    @Test func aTestLabResultFolderIsReadPerDeviceAndLabelledWithIt() throws {
        let base = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("ftl").path
        let line = "01-08 08:45:43.100  4242  4242 I lifelint: input.edited\n"
        for device in ["Pixel2-28-en_US-portrait", "NexusLowRes-27-ja_JP-landscape"] {
            try FileManager.default.createDirectory(atPath: "\(base)/\(device)", withIntermediateDirectories: true)
            try Data(line.utf8).write(to: URL(fileURLWithPath: "\(base)/\(device)/logcat"))
            try Data("<testsuite/>".utf8).write(to: URL(fileURLWithPath: "\(base)/\(device)/test_result_1.xml"))
        }
        try FileManager.default.createDirectory(atPath: "\(base)/notes", withIntermediateDirectories: true)
        try Data(line.utf8).write(to: URL(fileURLWithPath: "\(base)/notes/logcat"))
        let traces = InputExpander.expand([base]).map(\.path)
        #expect(traces == ["NexusLowRes-27-ja_JP-landscape/logcat", "Pixel2-28-en_US-portrait/logcat", "notes/logcat"].map { "\(base)/\($0)" })
        let devices = try traces.map { try TraceReader.events(atPath: $0, options: TraceReadOptions(year: 2024)).summary.labels.values["device"] }
        #expect(devices == ["NexusLowRes-27-ja_JP-landscape", "Pixel2-28-en_US-portrait", nil])
    }

    @Test func aPatternThatMatchesNothingIsAnErrorInItsPlace() {
        let result = runLifelint(["--year", "2024", "--no-config", "/nonexistent-folder/*.log", RepositoryPaths.path("SampleLogs/android-lost-draft.log")])
        #expect(result.status == .failure)
        #expect(result.diagnostics == "lifelint: error: /nonexistent-folder/*.log: no file matches this pattern\n")
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events); 1 input with errors (see above)\n"))
    }
}
