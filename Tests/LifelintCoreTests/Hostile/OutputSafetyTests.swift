import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Nothing is lost on the way out: an output never overwrites a trace of the run, another
/// output or standard output, however it is named, and an interrupted run leaves the previous
/// output whole.
@Suite struct OutputSafetyTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// A folder with a copy of the lost draft, `x.log`.
    static func folderWithTrace() throws -> (folder: URL, trace: URL, text: Data) {
        let text = try Data(contentsOf: URL(fileURLWithPath: lostDraft))
        let trace = TraceFixture.temporaryFile(name: "x.log", contents: text)
        return (trace.deletingLastPathComponent(), trace, text)
    }

    @Test func anOutputNeverOverwritesATraceOfTheRun() throws {
        let (folder, trace, text) = try Self.folderWithTrace()
        let report = try EndToEndTests.run(["--no-config", "--year", "2024", "--output", "json=x.log", "x.log"], in: folder)
        #expect(report.status == 2)
        #expect(report.errors == "lifelint: error: 'x.log' is a trace this run reads; lifelint will not write an output over it\n")
        let baseline = try EndToEndTests.run(["--no-config", "--year", "2024", "--write-baseline", "./x.log", folder.path], in: folder)
        #expect(baseline.status == 2)
        #expect(try Data(contentsOf: trace) == text, "the trace is as it was")
    }

    @Test func twoNamesOfOneFileAreOneOutput() throws {
        let (folder, _, _) = try Self.folderWithTrace()
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.x").path, withDestinationPath: "out.x")
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("out.x").path, contents: Data()))
        for second in ["./out.x", "link.x", folder.appendingPathComponent("out.x").path] {
            let result = try EndToEndTests.run(["--no-config", "--year", "2024", "--output", "json=out.x", "--output", "sarif=\(second)", "x.log"], in: folder)
            #expect(result.status == 2)
            #expect(result.errors == "lifelint: error: '\(second)' is given for two outputs; each needs a file of its own\n")
        }
        let output = folder.appendingPathComponent("stdout.txt")
        #expect(FileManager.default.createFile(atPath: output.path, contents: Data()))
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["--no-config", "--year", "2024", "--output", "json=/dev/stdout", "x.log"]
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: output)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "lifelint: error: '/dev/stdout' is standard output, where --format writes already; each output needs a file of its own\n")
        let link = try EndToEndTests.run(["--no-config", "--year", "2024", "--output", "json=link.x", "x.log"], in: folder)
        #expect(link.status == 1)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.x").path) == "out.x", "written through the link")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.x")).count > 1_000)
    }

    /// A run interrupted while it reads (standard input that never ends) leaves the previous
    /// report whole and no temporary file.
    @Test func anInterruptLeavesThePreviousOutputWhole() throws {
        let (folder, _, _) = try Self.folderWithTrace()
        let previous = Data("{\"previous\": true}\n".utf8)
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("report.json").path, contents: previous))
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["--no-config", "--year", "2024", "--output", "json=report.json", "-"]
        process.currentDirectoryURL = folder
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(
            Data(
                "01-08 09:13:58.231  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}\n"
                    .utf8))
        Thread.sleep(forTimeInterval: 1)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".report.json.lifelint-") }
        #expect(hidden.count == 1, "the report is written under a temporary name")
        process.interrupt()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            Issue.record("the interrupt did not end the run")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Data(contentsOf: folder.appendingPathComponent("report.json")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".report.json") }.isEmpty)
    }
}

extension OutputSafetyTests {
    /// Reports written into the folder of traces are skipped by the next run's walk, with a
    /// note, and refused when named.
    @Test func reportsInAWalkedFolderAreNotReadAsTraces() throws {
        let (folder, _, _) = try Self.folderWithTrace()
        let formats = ["json": "report.json", "jsonl": "records.jsonl", "sarif": "lifelint.sarif.json", "gitlab": "quality.json", "github": "annotations.txt"]
        for (format, name) in formats {
            _ = try EndToEndTests.run(["--no-config", "--year", "2024", "--format", format, "--output", "\(format)=\(name)", "x.log"], in: folder)
        }
        let next = try EndToEndTests.run(["--no-config", "--year", "2024", "."], in: folder)
        #expect(next.status == 1, "\(next.errors)")
        #expect(next.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
        #expect(
            next.errors.split(separator: "\n").sorted() == [
                "lifelint: note: ./annotations.txt: skipped: GitHub workflow commands (--format github), not a trace",
                "lifelint: note: ./lifelint.sarif.json: skipped: a SARIF report, not a trace",
                "lifelint: note: ./quality.json: skipped: a GitLab Code Quality report, not a trace",
                "lifelint: note: ./records.jsonl: skipped: lifelint records (--format jsonl), not a trace",
                "lifelint: note: ./report.json: skipped: a lifelint report (--format json), not a trace",
            ])
        let named = try EndToEndTests.run(["--no-config", "report.json"], in: folder)
        #expect(named.status == 2)
        #expect(named.errors.hasPrefix("lifelint: error: report.json:1: not a trace format lifelint reads (a lifelint report (--format json), not a trace"))
    }
}
