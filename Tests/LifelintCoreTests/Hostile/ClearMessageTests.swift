import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Inputs that drew a wrong or misleading message: each now reads as it should, or its error
/// says what it is, briefly.
@Suite struct ClearMessageTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// Zeros after a gzip member are padding, as `gzip -t` reads them; other bytes are damage.
    @Test func gzipPaddingIsReadAndGarbageIsDamage() throws {
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))
        let compressed = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/compressed/lost-draft.log.gz")))
        let padded = TraceFixture.temporaryFile(name: "padded.log.gz", contents: compressed + Data(count: 4096))
        let read = runLifelint(["--no-config", "--year", "2024", padded.path])
        #expect(read.status == .findings)
        #expect(read.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
        let garbage = TraceFixture.temporaryFile(name: "garbage.log.gz", contents: compressed + Data([0, 0, 0x41]))
        let damaged = runLifelint(["--no-config", "--year", "2024", garbage.path])
        #expect(damaged.status == .failure)
        #expect(damaged.diagnostics.contains("corrupt gzip data: bytes other than zeros after the compressed data"), "\(damaged.diagnostics)")
        #expect(text.count > 0)
    }

    @Test func aLoopOfLinksIsCalledOne() throws {
        let folder = TraceFixture.temporaryFile(name: "real.log", contents: try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))).deletingLastPathComponent()
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.log").path, withDestinationPath: "b.log")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.log").path, withDestinationPath: "a.log")
        let result = runLifelint(["--no-config", "--year", "2024", folder.path])
        #expect(result.diagnostics.contains("\(folder.path)/a.log: skipped: a loop of symbolic links\n"))
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
    }

    /// A trace below folders nested past PATH_MAX: the walk says where it cannot go, instead of
    /// calling the folder empty.
    @Test func aFolderDeeperThanThePathLimitIsAnErrorInItsPlace() throws {
        let root = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("deep")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var descriptor = open(root.path, O_RDONLY)
        let name = String(repeating: "d", count: 200)
        for _ in 0..<22 {
            #expect(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY)
            close(descriptor)
            descriptor = next
        }
        close(descriptor)
        let result = runLifelint(["--no-config", "--year", "2024", root.path])
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains(": cannot open: cannot list the folder: its path is longer than the system allows (PATH_MAX); move it nearer the root"))
        #expect(!result.diagnostics.contains("a folder with no trace files"))
    }

    /// Every value a user gives is echoed by its first 120 characters and its length.
    @Test func longValuesAreEchoedShort() throws {
        let long = String(repeating: "x", count: 5_000)
        let shown = String(repeating: "x", count: 120) + "… (5000 bytes)"
        func firstLine(_ arguments: [String]) -> String { runLifelint(arguments).diagnostics.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(firstLine(["--no-config", "--select", long, Self.lostDraft]) == "lifelint: error: --select: no rule '\(shown)'; 'lifelint rules' lists them")
        #expect(firstLine(["--no-config", "--set", "graceWindow=\(long)", Self.lostDraft]).count < 400)
        #expect(firstLine(["--no-config", "--output", "json=/nonexistent/\(long)", Self.lostDraft]).count < 250)
        #expect(firstLine(["timeline", "--no-config", "--year", "2024", "--app", long, Self.lostDraft]) == "lifelint: error: --app: no app '\(shown)' in the traces")
        let configuration = TraceFixture.temporaryFile(name: "long.json", contents: Data(#"{"rules": {"severity": {"\#(long)": "error"}}}"#.utf8))
        #expect(firstLine(["--config", configuration.path, Self.lostDraft]).count < 450)
    }

    /// A configuration names rule folders inside its own folder only: from a pull request, it
    /// must not make a CI job read (and echo) files from anywhere on the machine.
    @Test func ruleFoldersStayInsideTheConfigurationsFolder() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("team-rules"), withIntermediateDirectories: true)
        for (entry, allowed) in [("/etc", false), ("../..", false), ("team-rules", true), ("team-rules/../team-rules", true)] {
            let configuration = folder.appendingPathComponent(".lifelint.json")
            try #"{"rules": {"folders": ["\#(entry)"]}}"#.write(to: configuration, atomically: true, encoding: .utf8)
            let result = runLifelint(["--config", configuration.path, "--year", "2024", Self.lostDraft])
            if allowed {
                #expect(result.status == .findings, "\(entry): \(result.diagnostics)")
            } else {
                #expect(
                    result.diagnostics
                        == "lifelint: error: \(configuration.path): 'rules.folders[0]': '\(entry)' is outside the configuration file's folder; name rule folders inside it (or pass --rules on the command line)\n"
                )
            }
        }
    }
}
