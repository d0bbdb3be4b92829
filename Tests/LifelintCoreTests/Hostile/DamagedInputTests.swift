import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Damage that used to give a wrong answer without a word: each is now read right, or said to
/// be damage where it is (exit status 2) while the rest is still read.
@Suite struct DamagedInputTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    static func run(_ name: String, _ contents: Data, _ extra: [String] = []) -> (status: ExitCode, output: String, diagnostics: String) {
        let file = TraceFixture.temporaryFile(name: name, contents: contents)
        return runLifelint(["--no-config", "--year", "2024"] + extra + [file.path])
    }

    /// One NUL byte in the second line made the whole log "binary data".
    @Test func aStrayNulByteLeavesTheLogText() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.lostDraft)))
        bytes.insert(0, at: bytes.firstIndex(of: .newline)! + 5)
        let result = Self.run("nul.log", Data(bytes))
        #expect(result.status == .findings)
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
        #expect(Self.run("binary.log", Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 64))).diagnostics.contains("an executable (ELF), not a trace"))
    }

    /// An `.ips` whose JSON body does not parse was read as text without a word.
    @Test func aDamagedIPSBodyIsReported() throws {
        let text = try String(contentsOfFile: RepositoryPaths.path("SampleLogs/ios-watchdog-in-background.ips"), encoding: .utf8)
        let header = text.prefix { $0 != "\n" }
        let damaged = header + "\n{\n  ,\"incident\" : \"x\"\n" + text.dropFirst(header.count + 3)
        let result = Self.run("damaged.ips", Data(damaged.utf8))
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasSuffix(":3: the .ips body is not valid JSON (expected a string key); its lines are read as a text report's\n"), "\(result.diagnostics)")
    }

    /// A binary plist integer of 16 bytes whose value needs more than 64 bits was wrapped.
    @Test func aBinaryPlistIntegerPast64BitsIsAnError() {
        // [ { "x": 2^64 + 5 } ]: an array, a dict, a string and a 16-byte integer.
        var bytes = Array("bplist00".utf8)
        let offsets = [bytes.count, bytes.count + 2, bytes.count + 5, bytes.count + 7]
        bytes += [0xA1, 1, 0xD1, 2, 3, 0x51, UInt8(ascii: "x"), 0x14] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 5]
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(4), 0, UInt64(table)] { bytes += (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) } }
        let result = Self.run("wide.bplist", Data(bytes))
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains(":1: corrupt binary plist: an integer larger than 2^63 - 1, which lifelint does not read\n"), "\(result.diagnostics)")
    }

    /// One bad `<integer>` in an XML plist stopped every record after it.
    @Test func aBadXMLIntegerCostsOnlyItsRecord() throws {
        let plist = try String(contentsOfFile: RepositoryPaths.path("SampleLogs/android-lost-draft.plist"), encoding: .utf8)
        var lines = plist.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[23] = lines[23].replacingOccurrences(of: "<integer>4242</integer>", with: "<integer>42x</integer>")
        let result = Self.run("bad.plist", Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasSuffix(":9: not a lifelint plist: <integer>42x</integer> is not an integer\n"), "\(result.diagnostics)")
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (34 records, 33 events); 1 input with errors (see above)\n"), "the other records are read")
    }

    /// Which of two `event` values a JSON reader takes differs between parsers: a record that
    /// gives a key twice is malformed.
    @Test func aRecordThatGivesAKeyTwiceIsMalformed() {
        let text =
            #"{"time": 1704700800, "event": "input.edited", "event": "persist.begin", "app": "com.x"}"# + "\n"
            + #"{"time": 1704700801, "app": "com.x", "event": "input.edited", "app": "com.y"}"# + "\n"
        let result = Self.run("twice.jsonl", Data(text.utf8))
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains(":1:1: 'event' is given twice\n"))
        #expect(result.diagnostics.contains(":2:1: 'app' is given twice\n"))
    }

    /// MetricKit counts written `1e3` are read; `4.5` and `-5` are damage, said.
    @Test func metricKitCountsAreWholeNumbers() throws {
        let payload = try String(contentsOfFile: RepositoryPaths.path("SampleLogs/ios-metrickit-exits.json"), encoding: .utf8)
        let file = TraceFixture.temporaryFile(
            name: "thousand.json",
            contents: Data(payload.replacingOccurrences(of: "\"cumulativeMemoryPressureExitCount\": 31", with: "\"cumulativeMemoryPressureExitCount\": 1e3").utf8))
        let thousand = runLifelint(["events", "--no-config", file.path])
        #expect(thousand.output.contains(#""attrs":{"reason":"memory-pressure","context":"background","count":1000,"#), "\(thousand.output.prefix(400))")
        for bad in ["4.5", "-5"] {
            let result = Self.run(
                "bad-\(bad).json", Data(payload.replacingOccurrences(of: "\"cumulativeMemoryPressureExitCount\": 31", with: "\"cumulativeMemoryPressureExitCount\": \(bad)").utf8))
            #expect(result.status == .failure)
            #expect(result.diagnostics.contains("'cumulativeMemoryPressureExitCount' must be a whole number of exits, found \(bad)"), "\(result.diagnostics)")
        }
    }

    /// Dates that do not exist and zones that do not either are not times.
    @Test func impossibleDatesAndZonesAreRefused() {
        #expect(TimestampParser.parse("2100-02-29T10:00:00Z") == nil)
        #expect(TimestampParser.parse("2024-02-29T10:00:00Z") != nil)
        #expect(TimestampParser.parse("2024-04-31T10:00:00Z") == nil)
        #expect(TimestampParser.parse("2024-01-08T10:00:00+99:99") == nil)
        #expect(TimestampParser.parse("2024-01-08T10:00:00+14:00") != nil)
        let logcat = "02-30 10:00:00.000  4242  4242 I lifelint: input.edited\n01-08 10:00:00.000  4242  4242 I lifelint: input.edited\n"
        let result = runLifelint(["events", "--no-config", "--year", "2024", TraceFixture.temporaryFile(name: "feb30.log", contents: Data(logcat.utf8)).path])
        #expect(result.output.split(separator: "\n").count == 1, "the 30th of February is no time")
    }

    /// A pid reused by another app without a death line: the first app's process ended, unseen,
    /// by the time the second started (it used to stay in the background for ever).
    @Test func aReusedPidEndsTheOldProcessUnseen() {
        let trace = """
            01-08 09:00:00.000  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 09:00:00.100  4242  4242 I wm_on_resume_called: [Token=1,Component Name=com.example.notes.EditorActivity,Reason=RESUME_ACTIVITY,time=1ms]
            01-08 09:00:05.000  4242  4242 I wm_on_paused_called: [Token=1,Component Name=com.example.notes.EditorActivity,Reason=performPause,time=1ms]
            01-08 09:00:05.100  4242  4242 I wm_on_stop_called: [Token=1,Component Name=com.example.notes.EditorActivity,Reason=STOP_ACTIVITY_ITEM,time=1ms]
            01-08 09:30:00.000  1000  1250 I ActivityManager: Start proc 4242:com.example.music/u0a124 for service {com.example.music/.Player}

            """
        let result = runLifelint(["timeline", "--no-config", "--year", "2024", TraceFixture.temporaryFile(name: "reuse.log", contents: Data(trace.utf8)).path])
        #expect(result.output.contains("    09:00:05.100  background   29 min 54 s                                line 4\n"))
        #expect(result.output.contains("    09:30:00.000  not running            …  ended unseen (its pid 4242 w… line 5\n"))
        #expect(
            result.output.contains("The process ended unseen (the trace shows no\n    death; its pid 4242 went to com.example.music) by 09:30:00.000 at the\n    latest"),
            "\(result.output)")
    }

    /// Two emulators of one image give the same pids: their logs merged into one file mix two
    /// stories that lifelint cannot tell apart, so it says so instead of answering silently.
    @Test func twoDevicesInOneFileAreNoted() throws {
        let lines = try String(contentsOfFile: Self.lostDraft, encoding: .utf8).split(separator: "\n").filter { $0.first?.isNumber == true }
        let later: [String] = lines.map { line -> String in
            let clock = line.dropFirst(6).prefix(8).split(separator: ":").map { Int($0)! }
            let seconds = clock[0] * 3_600 + clock[1] * 60 + clock[2] + 7
            return "\(line.prefix(6))\(String(format: "%02d:%02d:%02d", seconds / 3_600, seconds / 60 % 60, seconds % 60))\(line.dropFirst(14))"
        }
        let merged: [String] = (lines.map(String.init) + later).sorted { (first: String, second: String) in first.prefix(18) < second.prefix(18) }
        let both = TraceFixture.temporaryFile(name: "two-devices.log", contents: Data((merged.joined(separator: "\n") + "\n").utf8))
        #expect(
            runLifelint(["--no-config", "--year", "2024", both.path]).diagnostics.contains(
                "lifelint: note: \(both.path): line 11 starts com.example.notes as pid 4242, which one device cannot log there (that pid's process is alive and started earlier): "
                    + "the file seems to hold two devices' logs, which lifelint reads as one device's, so their stories mix; capture one device per file (adb -s SERIAL logcat)\n"))
        let flipFlop = """
            01-08 09:00:00.000  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/.EditorActivity}
            01-08 09:00:03.000  1000  1250 I ActivityManager: Start proc 4242:com.example.music/u0a124 for service {com.example.music/.Player}
            01-08 09:00:04.000  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/.EditorActivity}

            """
        let result = runLifelint(["--no-config", "--year", "2024", TraceFixture.temporaryFile(name: "flip.log", contents: Data(flipFlop.utf8)).path])
        #expect(result.diagnostics.contains(": line 3 starts com.example.notes as pid 4242, which one device cannot log there"), "\(result.diagnostics)")
        #expect(!Self.run("one.log", try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))).diagnostics.contains("two devices"))
    }

    /// Logcat's default times are local: when daylight saving time ends, the clock steps back
    /// an hour and the death read as happening before the app left. Times from the step on are
    /// read an hour later, and a note says so; a step back of two hours (two captures end to
    /// end) is no such thing.
    @Test func theClockGoingBackAnHourKeepsTheStoryInOrder() throws {
        let file = TraceFixture.temporaryFile(name: "original.log", contents: try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft)))
        let original = runLifelint(["--no-config", "--year", "2024", file.path]).output.replacingOccurrences(of: file.path, with: "trace.log")
        for (hours, noted) in [(1, true), (2, false)] {
            let lines = try String(contentsOfFile: Self.lostDraft, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let shifted = lines.enumerated().map { index, line in
                guard index >= 29, line.hasPrefix("01-08 09:") else { return String(line) }
                return "01-08 0\(9 - hours):" + line.dropFirst("01-08 09:".count)
            }
            let fallBack = TraceFixture.temporaryFile(name: "fall-back.log", contents: Data(shifted.joined(separator: "\n").utf8))
            let result = runLifelint(["--no-config", "--year", "2024", fallBack.path])
            let note =
                "lifelint: note: \(fallBack.path): the clock went back an hour at line 30, as it does when daylight saving time ends: times from there on are read an hour later, so the story stays in order (capture with -v zone to give the offset)\n"
            #expect(result.diagnostics.contains(note) == noted, "\(result.diagnostics)")
            #expect((result.output.replacingOccurrences(of: fallBack.path, with: "trace.log") == original) == noted)
        }
    }
}

/// Text from a trace that would act in a report: references GitHub links, and characters that
/// change how the text around them shows.
@Suite struct InertTextTests {
    static let joiner = "\u{2060}"

    @Test func markdownKeepsNoReferenceLive() {
        let cell = MarkdownReporter.cell("see owner/repo#1, #123, GH-7 and commit deadbeef12 or 1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d, not Token=9013")
        #expect(
            cell
                == "see owner/repo#\(Self.joiner)1, #\(Self.joiner)123, GH\(Self.joiner)-7 and commit dead\(Self.joiner)beef12 or 1a2b\(Self.joiner)3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d, not Token=9013"
        )
    }

    /// U+202E reverses what follows it on screen; U+2028 and U+2029 break a line the source
    /// does not show. Each is shown as its code in text, annotations, Markdown and HTML.
    @Test func bidirectionalControlsAndSeparatorsAreShownAsCodes() {
        let text = "name\u{202E}txt.exe\u{2028}next\u{2029}end\u{2066}x"
        let shown = #"name\u202Etxt.exe\u2028next\u2029end\u2066x"#
        #expect(TerminalText.sanitized(text) == shown)
        #expect(GitHubAnnotationsReporter.data(text) == shown)
        #expect(HTMLText.escaped(text) == shown)
        #expect(MarkdownReporter.cell(text) == #"name\u202Etxt.exe\u2028next\u2029end\u2066x"#)
    }
}

extension InertTextTests {
    /// A Latin-1 `café.log` and a file literally named `caf\xE9.log` read alike in text
    /// reports; their SARIF artifacts are two, the byte encoded as itself.
    @Test func sarifURIsEncodeTheFileNamesBytes() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("lookalikes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("SampleLogs/android-lost-draft.log")))
        let latin1 = PathEncoding.string(fromBytes: Array((folder.path + "/caf").utf8) + [0xE9] + Array(".log".utf8))
        let descriptor = PathEncoding.openFile(latin1, O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try text.write(to: folder.appendingPathComponent("caf\\xE9.log"))
        let output = runLifelint(["--no-config", "--year", "2024", "--format", "sarif", folder.path]).output
        #expect(output.contains("lookalikes/caf%E9.log\""))
        #expect(output.contains("lookalikes/caf%5CxE9.log\""))
    }
}
