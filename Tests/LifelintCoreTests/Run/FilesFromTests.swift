import Foundation
import Testing

@testable import LifelintCLI

/// `--files-from`: the traces of a list too long for a command line, from a file or standard
/// input, one per line or NUL-separated.
@Suite struct FilesFromTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
    static let clean = RepositoryPaths.path("SampleLogs/android-draft-saved-on-stop.log")
    static let bothSummary = "lifelint: 3 errors in 2 traces (83 lines, 67 events)\n"

    static func list(_ text: String) -> String {
        TraceFixture.temporaryFile(name: "traces.txt", contents: Data(text.utf8)).path
    }

    @Test func aListNamesTracesOnePerLine() {
        let list = Self.list("\(Self.lostDraft)\r\n\n\(Self.clean)\n")
        let result = runLifelint(["--year", "2024", "--no-config", "--files-from", list])
        #expect(result.status == .findings)
        #expect(result.output.hasSuffix(Self.bothSummary), "\(result.output)")
    }

    @Test func namesMayBeSeparatedByNULBytes() {
        let list = Self.list("\(Self.lostDraft)\u{0}\(Self.clean)\u{0}")
        for flag in ["--null", "-0"] {
            let result = runLifelint(["--year", "2024", "--no-config", flag, "--files-from", list])
            #expect(result.output.hasSuffix(Self.bothSummary), "\(flag): \(result.output)")
        }
    }

    @Test func listedTracesJoinTheOnesNamed() {
        let result = runLifelint(["--year", "2024", "--no-config", "--files-from", Self.list("\(Self.clean)\n"), Self.lostDraft])
        #expect(result.output.hasSuffix(Self.bothSummary))
    }

    @Test func theListCanComeFromStandardInput() throws {
        let list = Self.list("\(Self.lostDraft)\n\(Self.clean)\n")
        let result = try EndToEndTests.run(["--year", "2024", "--no-config", "--files-from", "-"], standardInput: list)
        #expect(result.status == 1)
        #expect(result.output.hasSuffix(Self.bothSummary))
    }

    @Test func aMissingOrEmptyListIsAnError() {
        let missing = runLifelint(["--no-config", "--files-from", "/nonexistent/list.txt"])
        #expect(missing.status == .failure)
        #expect(missing.diagnostics == "lifelint: error: /nonexistent/list.txt: cannot read the list of traces: no such file\n")
        let empty = Self.list("\n\n")
        let none = runLifelint(["--no-config", "--files-from", empty])
        #expect(none.status == .failure)
        #expect(none.diagnostics == "lifelint: error: \(empty): the list of traces (--files-from) names none\n")
    }

    @Test func misusesAreUsageErrors() {
        #expect(runLifelint(["--null", Self.lostDraft]).status == .failure)
        let twice = runLifelint(["--files-from", "-", "-"])
        #expect(twice.status == .failure)
        #expect(twice.diagnostics.contains("standard input is read once"), "\(twice.diagnostics)")
    }
}
