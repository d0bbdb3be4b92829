import LifelintCore
import Testing

@testable import LifelintCLI

/// A program built on the library runs a batch as the command line does: the same reports,
/// byte for byte, from the public API alone.
@Suite struct AnalysisRunTests {
    private let samples = RepositoryPaths.path("SampleLogs")

    private func libraryRun(_ format: ReportFormat, jobs: Int) throws -> (output: String, outcome: AnalysisRun.Outcome) {
        let settings = try AnalysisSettings.make(configuration: Configuration(), readOptions: TraceReadOptions(year: 2024))
            .collecting(for: [format])
        let output = ByteOutput.memory()
        var reporters = [format.makeReporter(output: output)]
        var heard: [String] = []
        var lastTally = RunTally()
        let outcome = AnalysisRun(settings: settings, jobs: jobs).run(InputExpander.expand([samples]), reporters: &reporters) {
            heard.append($0.path)
        } didReport: { tally, _ in
            lastTally = tally
        }
        #expect(heard.count == outcome.report.tally.traces)
        #expect(lastTally == outcome.report.tally)
        return (output.text, outcome)
    }

    @Test(arguments: [ReportFormat.text, .jsonl, .sarif])
    func theLibraryWritesWhatTheCommandLineWrites(format: ReportFormat) throws {
        let command = runLifelint(["--no-config", "--year", "2024", "--format", format.rawValue, "--no-progress", samples])
        let library = try libraryRun(format, jobs: 2)
        #expect(library.output == command.output)
        #expect(ExitCode(library.outcome.report.outcome) == command.status)
    }

    @Test func oneJobAndTwoGiveTheSameRun() throws {
        let one = try libraryRun(.jsonl, jobs: 1)
        let two = try libraryRun(.jsonl, jobs: 2)
        #expect(one.output == two.output)
        #expect(one.outcome.report.tally == two.outcome.report.tally)
        #expect(one.outcome.report.tally.traces > 20)
        #expect(one.outcome.report.traces.isEmpty, "a run whose reporters stream keeps no traces")
        #expect(one.outcome.yearNote == nil)
    }

    @Test func keepsTracesWhenAsked() throws {
        let settings = try AnalysisSettings.make(configuration: Configuration(), readOptions: TraceReadOptions(year: 2024))
        var reporters: [any Reporter] = []
        let outcome = AnalysisRun(settings: settings, jobs: 1, keepsTraces: true).run(InputExpander.expand([samples]), reporters: &reporters)
        #expect(outcome.report.traces.count == outcome.report.tally.traces)
        #expect(outcome.bytesRead == outcome.report.traces.compactMap(\.summary?.bytes).reduce(0, +))
    }
}
