import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

#if canImport(Glibc)
import Glibc
#endif

/// Nothing is lost on the way out: a report that could not be written fails the run.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
struct WriteFailureTests {
    private let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    @Test func aFullDiskOnStandardOutputIsAnErrorWithExitStatus2() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        defer { close(descriptor) }
        let output = ByteOutput.fileDescriptor(descriptor, name: "standard output")
        let diagnostics = ByteOutput.memory()
        let status = LifelintCommand.run(["--year", "2024", lostDraft], output: output, diagnostics: diagnostics)
        #expect(status == .failure)
        #expect(output.failure == .writeFailed(errno: ENOSPC))
        #expect(diagnostics.text.hasSuffix("lifelint: error: standard output: cannot write: No space left on device\n"))
    }

    @Test func aFullDiskForAReportFileIsAnErrorAndTheOtherOutputsAreStillWritten() {
        let result = runLifelint(["--year", "2024", "--format", "json", "--output", "sarif=/dev/full", lostDraft])
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("lifelint: error: /dev/full: cannot write: No space left on device\n"))
        #expect(result.output.hasPrefix("{"))
    }

    @Test func aFullDiskForTheBaselineIsAnError() {
        let result = runLifelint(["--year", "2024", "--write-baseline", "/dev/full", lostDraft])
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasSuffix("lifelint: error: /dev/full: cannot write: No space left on device\n"))
        #expect(!result.diagnostics.contains("wrote"))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        signal(SIGPIPE, SIG_IGN)
        let output = ByteOutput.fileDescriptor(ends[1], name: "standard output")
        let diagnostics = ByteOutput.memory()
        let status = LifelintCommand.run(["--year", "2024", lostDraft], output: output, diagnostics: diagnostics)
        close(ends[1])
        #expect(status == .findings)
        #expect(output.readerClosed)
        #expect(!diagnostics.text.contains("error"))
    }

    @Test func aValueJSONCannotHoldFailsTheOutputInsteadOfWritingAStandIn() {
        let output = ByteOutput.memory()
        ReportJSON.write(["duration": Double.nan], pretty: false, to: output)
        #expect(output.text.isEmpty)
        if case .unserializable = output.failure {} else { Issue.record("expected an encoding failure, got \(String(describing: output.failure))") }
    }
}
