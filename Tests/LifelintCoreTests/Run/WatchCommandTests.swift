import Dispatch
import Foundation
import Testing

@testable import LifelintCLI
@testable import LifelintCore
@testable import LifelintIngestion

/// `lifelint watch` end to end, fed through a file a feeder appends to with real delays: findings
/// come out as they are decided, a deadline passes by the wall clock with no further line, and
/// the watch ends on `--exit-on` or a signal with its summary.
@Suite(.serialized) struct WatchCommandTests {
    private static let sample = try! String(contentsOfFile: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// Appends `lines` to `file`, one every `pause` seconds; returns when the last is written
    /// (its monotonic time).
    private static func feed(_ lines: ArraySlice<String>, to file: URL, pause: TimeInterval) -> UInt64 {
        let handle = try! FileHandle(forWritingTo: file)
        for line in lines {
            handle.seekToEndOfFile()
            handle.write(Data((line + "\n").utf8))
            Thread.sleep(forTimeInterval: pause)
        }
        try? handle.close()
        return DispatchTime.now().uptimeNanoseconds
    }

    private static func watchInBackground(_ arguments: [String]) -> (DispatchGroup, () -> (status: ExitCode, output: String, diagnostics: String, ended: UInt64)) {
        let group = DispatchGroup()
        nonisolated(unsafe) var result: (ExitCode, String, String, UInt64)?
        DispatchQueue.global().async(group: group) {
            let run = runLifelint(arguments)
            result = (run.status, run.output, run.diagnostics, DispatchTime.now().uptimeNanoseconds)
        }
        return (group, { result! })
    }

    /// The lost-draft run up to its background entry and not a line more: the save that never
    /// began is reported once its 5 s window has passed on the wall clock, within a second.
    @Test func aDeadlinePassesOnTheWallClockWithNoFurtherLine() throws {
        let file = TraceFixture.temporaryFile(name: "live.log", contents: Data())
        let (group, result) = Self.watchInBackground([
            "watch", "--no-config", "--year", "2024", "--format", "jsonl", "--exit-on", "no-save-at-background", file.path,
        ])
        let lastLine = Self.feed(Self.sample[0..<28], to: file, pause: 0.01)
        #expect(group.wait(timeout: .now() + 15) == .success)
        let (status, output, diagnostics, ended) = result()
        let afterLastLine = Double(ended - lastLine) / 1e9
        #expect(afterLastLine > 4.9 && afterLastLine < 6.0, "reported \(afterLastLine) s after the background entry; its deadline is 5 s after it")
        let records = output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(records.map { "\($0["type"] ?? "") \($0["rule"] ?? "-")" } == ["finding save-in-on-destroy", "finding no-save-at-background", "summary -"])
        #expect(records.last?["ended"] as? String == "ended at the first no-save-at-background (--exit-on)")
        #expect(status == .findings && diagnostics.isEmpty)
    }

    /// `log stream`'s text (`xcrun simctl spawn booted log stream`): each record is read at its
    /// first line, so the app's background entry starts the 5 s window with no further line.
    @Test func anAppleLogStreamIsWatchedToo() throws {
        let lines = [
            #"Filtering the log data using "subsystem == "lifelint"""#,
            "Timestamp                       Thread     Type        Activity             PID    TTL  ",
            "app.did-finish-launching", "scene.will-connect scene=main", "scene.will-enter-foreground scene=main", "scene.did-become-active scene=main",
            "persist.begin key=draft", "persist.end key=draft ok=true", "input.edited field=body chars=120", "scene.will-resign-active scene=main",
            "scene.did-enter-background scene=main",
        ].enumerated().map { index, message in
            index < 2
                ? message
                : "2024-01-08 10:00:\(String(format: "%02d", index)).000000-0800  0x1a2b     Default     0x0                  811    0    Notes: [lifelint:app] \(message)"
        }
        let file = TraceFixture.temporaryFile(name: "live-stream.log", contents: Data())
        let (group, result) = Self.watchInBackground(["watch", "--no-config", "--format", "jsonl", "--exit-on", "no-save-at-background", file.path])
        let lastLine = Self.feed(lines[...], to: file, pause: 0.01)
        #expect(group.wait(timeout: .now() + 15) == .success)
        let (status, output, diagnostics, ended) = result()
        let afterLastLine = Double(ended - lastLine) / 1e9
        #expect(afterLastLine > 4.9 && afterLastLine < 6.0, "reported \(afterLastLine) s after the background entry; its deadline is 5 s after it")
        let records = output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(records.map { "\($0["type"] ?? "") \($0["rule"] ?? "-") \($0["app"] ?? "-")" } == ["finding no-save-at-background Notes", "summary - -"])
        #expect(status == .findings && diagnostics.isEmpty)
    }

    /// A signal ends the watch cleanly, with its summary; the findings so far decide the status.
    /// The built binary is watched and signalled, not this process: a signal sent to the test
    /// process before the watch caught it would end every test.
    @Test func aSignalEndsTheWatchWithItsSummary() throws {
        let binary = try #require(EndToEndTests.binary, "the lifelint executable is built beside the tests")
        let file = TraceFixture.temporaryFile(name: "live.log", contents: Data())
        let process = Process()
        process.executableURL = binary
        process.arguments = ["watch", "--no-config", "--year", "2024", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = Self.feed(Self.sample[0..<12], to: file, pause: 0.01)
        Thread.sleep(forTimeInterval: 0.5)
        try #require(Self.waitUntilCatching(SIGTERM, pid: process.processIdentifier), "the watch never caught SIGTERM")
        process.terminate()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "lifelint: 0 findings from 8 events; stopped by SIGTERM\n")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    /// Waits until process `pid` catches `signal` (Linux: its bit in `/proc/PID/status`'s
    /// `SigCgt`); sent sooner, the signal would take its default action. Elsewhere, true at once.
    private static func waitUntilCatching(_ signal: Int32, pid: Int32) -> Bool {
        #if os(Linux)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
                let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
                mask & (1 << UInt64(signal - 1)) != 0
            {
                return true
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
        #else
        return true
        #endif
    }

    /// A stream that is not logcat is an error naming it, exit status 2, once its first lines
    /// have shown no layout.
    @Test func aStreamThatIsNotLogcatIsAnError() {
        let text = String(repeating: "{\"level\":\"info\",\"msg\":\"ready\"}\n", count: 200)
        let file = TraceFixture.temporaryFile(name: "live.json", contents: Data(text.utf8))
        let result = runLifelint(["watch", "--no-config", file.path])
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasPrefix("lifelint: error: \(file.path):1: not a trace format lifelint reads (no line of the first 200 reads as logcat or as an Apple log)"))
    }

    @Test func psOutputNamesThePidsAlreadyRunning() {
        let short = "  PID NAME\n 4242 com.example.notes\n 4290 com.example.notes:sync\n"
        let long = "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\nu0_a187       4242   702 1234567 98765 0                   0 S com.example.notes\n"
        #expect(LiveTraceReader.processes(inPSOutput: short).map { "\($0.pid) \($0.process)" } == ["4242 com.example.notes", "4290 com.example.notes:sync"])
        #expect(LiveTraceReader.processes(inPSOutput: long).map { "\($0.pid) \($0.process)" } == ["4242 com.example.notes"])
    }
}
