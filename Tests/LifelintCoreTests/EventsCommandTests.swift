import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct EventsCommandTests {
    private func run(_ arguments: [String]) -> (status: ExitCode, output: String, diagnostics: String) {
        runLifelint(arguments)
    }

    @Test func printsExactJSONLines() throws {
        let text = "01-08 08:45:43.100  4242  4250 I lifelint: persist.begin key=\"my \\\"draft\\\"\" bytes=2048\n"
        let url = TraceFixture.temporaryFile(name: "t.log", contents: Data(text.utf8))
        let result = run(["events", "--year", "2024", url.path])
        #expect(result.status == .success)
        #expect(
            result.output == """
                {"time":"2024-01-08T08:45:43.100","clock":"wall","event":"persist.begin","app":"pid 4242","pid":4242,"tid":4250,"platform":"android","attrs":{"key":"my \\"draft\\"","bytes":2048},"source":{"path":"\(url.path)","line":1}}

                """)
        #expect(
            result.diagnostics
                == "\(url.path): 1 lines, 1 events, 0 other log lines, 0 structural, 0 continuation, 0 unrecognised, 1 process nothing named (shown as 'pid N') [logcat threadtime]\n"
        )
    }

    @Test func unreadableInputsFailButOthersAreStillRead() throws {
        let good = TraceFixture.temporaryFile(name: "good.log", contents: Data("01-08 08:45:43.100  1  1 I lifelint: input.edited\n".utf8))
        let binary = TraceFixture.temporaryFile(name: "junk.bin", contents: Data([0x41, 0x0A, 0x00, 0xFF, 0x10]))
        let directory = good.deletingLastPathComponent().appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = run(["events", "--quiet", "/nonexistent/trace.log", binary.path, directory, good.path])
        #expect(result.status == .failure)
        #expect(result.output.split(separator: "\n").count == 1)
        #expect(
            result.diagnostics == """
                lifelint: error: /nonexistent/trace.log: cannot open: No such file or directory
                lifelint: error: \(binary.path):2: binary data, not a trace (binary content); \(ContentSketch.readable)
                lifelint: error: \(directory): a folder with no trace files (.bplist .crash .envelope .gz .ips .json .jsonl .log .logcat .ndjson .perfetto-trace .pftrace .plist .tar .trace .txt .zip logcat)

                """)
    }

    @Test func notATraceNamesTheFileAndLine() throws {
        let url = TraceFixture.temporaryFile(name: "notes.txt", contents: Data("\n\nDear diary,\ntoday nothing happened.\n".utf8))
        let result = run(["events", url.path])
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasPrefix("lifelint: error: \(url.path):3: not a trace format lifelint reads"))
    }

    @Test func anUnreadableFileIsSaidForWhatItIs() throws {
        let cases: [(Data, String)] = [
            (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]), ":3: a PNG image, not a trace"),
            (Data("<!DOCTYPE html>\n<html><body>log</body></html>\n".utf8), ":1: not a trace format lifelint reads (an HTML page"),
            (Data("Log Name:      Application\nSource:        Foo\nEvent ID:      1000\n".utf8), ":1: not a trace format lifelint reads (a Windows event log export"),
            (
                Data("Thread 0 Crashed:\n0   libsystem_kernel.dylib  0x1 mach_msg2_trap + 8\n".utf8),
                ":1: not a trace format lifelint reads (the threads of an iOS crash report without its header"
            ),
            (
                Data("2024/01/08 09:14:25 [4242] I/ActivityManager says hello\n".utf8),
                ":1: not a trace format lifelint reads (lines that look like logcat in a layout lifelint did not recognise; use --input-format"
            ),
            (
                Data("Dear diary,\ntoday nothing happened.\n".utf8),
                ":1: not a trace format lifelint reads (text, but no line reads as any format lifelint knows; lifelint reads logcat"
            ),
        ]
        for (contents, expected) in cases {
            let url = TraceFixture.temporaryFile(name: "file.txt", contents: contents)
            let result = run(["events", "--quiet", url.path])
            #expect(result.status == .failure)
            #expect(result.diagnostics.hasPrefix("lifelint: error: \(url.path)\(expected)"), "\(result.diagnostics)")
        }
    }

    @Test func yearDashIsThisYear() throws {
        let url = TraceFixture.temporaryFile(name: "t.log", contents: Data("06-01 10:00:00.000  1  1 I lifelint: input.edited\n".utf8))
        let result = run(["events", "--quiet", "--year", "-", url.path])
        let thisYear = CivilDateTime(nanosecondsSinceEpoch: Int64(Date().timeIntervalSince1970) * 1_000_000_000).year
        #expect(result.status == .success && result.output.contains("\"time\":\"\(thisYear)-06-01T10:00:00.000\""))
    }

    @Test func theHelpListsEveryInputFormat() {
        let help = run(["events", "--help"]).output
        for format in InputFormat.allCases { #expect(help.contains(format.rawValue), "\(format.rawValue)") }
    }

    @Test func usageErrors() {
        #expect(run(["events"]).status == .failure)
        #expect(
            run(["events", "--input-format", "fancy", "x"]).diagnostics.hasPrefix(
                "lifelint: error: invalid value 'fancy' for '--input-format': expected apple-report, exit-info, log-show"))
        #expect(run(["events", "--year", "twenty", "x"]).status == .failure)
        #expect(run(["events", "--frobnicate", "x"]).diagnostics.hasPrefix("lifelint: error: unknown option '--frobnicate'"))
        #expect(run(["frobnicate"]).diagnostics.hasPrefix("lifelint: error: unknown command 'frobnicate'"))
    }

    @Test func versionAndHelp() {
        #expect(run(["--version"]) == (.success, LifelintVersion.current + "\n", ""))
        let help = run(["--help"])
        #expect(help.status == .success && help.output.contains("USAGE: lifelint [analyze] [options] <trace | folder | pattern>..."))
        let eventsHelp = run(["events", "--help"])
        #expect(eventsHelp.status == .success && eventsHelp.output.contains("USAGE: lifelint events"))
    }
}
