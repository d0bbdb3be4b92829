import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct TimelineTests {
    static let lostDraft = "SampleLogs/android-lost-draft.log"

    private func timeline(_ arguments: [String]) -> (status: ExitCode, output: String, diagnostics: String) {
        let prefix = ReporterGoldenTests.relativeRoot
        let result = runLifelint(["timeline", "--year", "2024", "--no-config"] + arguments.map { $0.hasPrefix("SampleLogs/") ? prefix + $0 : $0 })
        return (result.status, prefix.isEmpty ? result.output : result.output.replacingOccurrences(of: prefix, with: ""), result.diagnostics)
    }

    @Test func theLostDraftStory() throws {
        let result = timeline([Self.lostDraft])
        #expect(result.status == .success)
        let golden = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/golden/timeline.txt")
        if ProcessInfo.processInfo.environment["LIFELINT_UPDATE_GOLDEN"] == "1" {
            try result.output.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        #expect(result.output == (try String(contentsOfFile: golden, encoding: .utf8)))
    }

    @Test func narrowedToAnAppAndAWindow() {
        let result = timeline(["--app", "com.example.notes", "--from", "09:41", "--to", "2024-01-08T09:52:10", Self.lostDraft])
        #expect(
            result.output == """
                SampleLogs/android-lost-draft.log
                com.example.notes (android)
                  pid 4242
                    09:15:42.305  background   25 min 35 s                               line 28
                    09:41:17.730  not running  10 min 45 s  system kill (low-memory)     line 35
                  pid 5117
                      09:52:03.411  • cold start after low-memory; left state and input  line 39
                    09:52:03.802  inactive            4 ms                               line 41
                    09:52:03.806  active                 …  after system-kill            line 42
                      09:52:03.820  ✖ state-lost-after-process-death (error)             line 39


                """)
        #expect(timeline(["--from", "yesterday", Self.lostDraft]).status == .failure)
    }

    /// Every story fits 80 columns.
    @Test func everySampleFitsEightyColumns() throws {
        for sample in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("SampleLogs")).sorted() {
            let output = timeline(["SampleLogs/\(sample)"]).output
            for line in output.split(separator: "\n") where !line.hasPrefix("SampleLogs/") {
                #expect(line.count <= 80, "\(sample): \(line)")
            }
        }
    }
}
