import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Gzip files and bugreport zips are read in place, recognised by their first bytes.
@Suite struct CompressedInputTests {
    static func fixture(_ name: String) -> String { RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/compressed/\(name)") }
    static let plainEvents = runLifelint(["events", "--quiet", "--no-config", "--year", "2024", RepositoryPaths.path("SampleLogs/android-lost-draft.log")]).output

    /// The events of a compressed copy are the plain trace's, apart from the source path.
    private func events(_ name: String, path: String? = nil) -> (String, String) {
        let result = runLifelint(["events", "--no-config", "--year", "2024", Self.fixture(name)])
        let shown = path ?? Self.fixture(name)
        return (result.output.replacingOccurrences(of: shown, with: RepositoryPaths.path("SampleLogs/android-lost-draft.log")), result.diagnostics)
    }

    @Test func gzipIsDecompressedAsItIsRead() {
        let (output, diagnostics) = events("lost-draft.log.gz")
        #expect(output == Self.plainEvents)
        #expect(diagnostics.hasSuffix("46 lines, 34 events, 11 other log lines, 1 structural, 0 continuation, 0 unrecognised [logcat threadtime (gzip)]\n"))
    }

    /// A bugreport zip is one investigation: its ANR dumps and tombstones join the main text's
    /// events in time order, on its local clock; what it holds but lifelint does not read is listed.
    @Test func aBugreportsAnrDumpsJoinItsTimeline() throws {
        let path = Self.fixture("bugreport-with-anr.zip")
        let (events, summary) = try TraceReader.events(atPath: path)
        let dump = try #require(events.firstIndex { $0.name == EventName.evidenceAnrDump })
        #expect(events[dump].time.iso8601 == "2024-01-08T09:15:48.120734122")
        #expect(events[dump].source.path == "\(path)!FS/data/anr/anr_2024-01-08-09-15-48-120" && events[dump].source.line == 9)
        #expect(events[dump - 1].time <= events[dump].time && events[dump].time <= events[dump + 1].time)
        #expect(events[dump].attributes["blocked_on"] == "shared-preferences-writes" && events[dump].app == "com.example.notes")
        #expect(summary.format == "logcat threadtime+uid (zip) + 1 ANR thread dump + 1 tombstone" && summary.events == 36)
        #expect(
            summary.bundleEntries.map { "\($0.isRead ? "read" : "skipped") \($0.name)" } == [
                "read FS/data/anr/anr_2024-01-08-09-15-48-120", "skipped FS/data/misc/perfetto-traces/bugreport/systrace.pftrace",
                "read FS/data/tombstones/tombstone_00",
            ])
        // The year of the logcat's times is the bugreport's own, from its header.
        #expect(summary.yearSource == .traceHeader && events.first?.time.iso8601?.hasPrefix("2024-01-08") == true)
        let findings = try TraceAnalyzer.analyze(path: path, rules: RuleCatalog.builtIn().rules, options: TraceReadOptions()).findings
        #expect(findings.filter { $0.ruleID == "blocking-save-caused-anr" }.map(\.location.description) == ["\(path)!FS/data/anr/anr_2024-01-08-09-15-48-120:9"])
    }

    /// A bugreport's main text read alone holds its last ANR's dump in `VM TRACES AT LAST ANR`:
    /// read as the zip's dump is, on the logcat's clock; `VM TRACES JUST NOW` is dumpstate's own
    /// snapshot of other processes, not an ANR.
    @Test func aBugreportTextsLastAnrSectionIsItsDump() throws {
        let path = Self.fixture("bugreport-vm-traces.txt")
        let dumps = try TraceReader.events(atPath: path).events.filter { $0.name == EventName.evidenceAnrDump }
        #expect(dumps.map { "\($0.app) \($0.time.iso8601 ?? "?") line \($0.source.line)" } == ["com.example.notes 2024-01-08T09:15:48.120734122 line 135"])
        let findings = try TraceAnalyzer.analyze(path: path, rules: RuleCatalog.builtIn().rules, options: TraceReadOptions()).findings
        #expect(findings.filter { $0.ruleID == "blocking-save-caused-anr" }.map(\.location.description) == ["\(path):135"])
    }

    @Test func concatenatedGzipMembersReadAsOneTrace() {
        let result = runLifelint(["events", "--no-config", "--year", "2024", Self.fixture("lost-draft-twice.log.gz")])
        #expect(result.diagnostics.hasSuffix(": 92 lines, 66 events, 24 other log lines, 2 structural, 0 continuation, 0 unrecognised [logcat threadtime (gzip)]\n"))
    }

    /// The main entry is a dumpstate file: only its logcat section is read as logs, the
    /// other sections count as structural lines, and the events are the plain trace's.
    @Test func aBugreportZipIsReadThroughItsMainEntry() throws {
        let entry = Self.fixture("bugreport.zip") + "!bugreport-sdk_gphone64-UE1A.230829.036-2024-01-08-09-53-00.txt"
        let result = runLifelint(["events", "--no-config", "--year", "2024", Self.fixture("bugreport.zip")])
        #expect(result.diagnostics == "\(entry): 66 lines, 34 events, 11 other log lines, 21 structural, 0 continuation, 0 unrecognised [logcat threadtime+uid (zip)]\n")
        func withoutSource(_ jsonLines: String) throws -> [String] {
            try jsonLines.split(separator: "\n").map { line in
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                object["source"] = nil
                return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        #expect(try withoutSource(result.output) == withoutSource(Self.plainEvents))
        let stored = Self.fixture("bugreport-stored.zip") + "!bugreport-sdk_gphone64-UE1A.230829.036-2024-01-08-09-53-00.txt"
        #expect(events("bugreport-stored.zip", path: stored).0 == Self.plainEvents)
    }

    /// A damaged file: what came before the damage is analysed, the damage is an error with
    /// its line, and the run exits 2.
    @Test func damageIsReportedWhereItIsAndTheRestIsStillAnalysed() {
        let truncated = runLifelint(["--year", "2024", "--no-config", Self.fixture("lost-draft-truncated.log.gz")])
        #expect(truncated.status == .failure)
        #expect(truncated.diagnostics == "lifelint: error: \(Self.fixture("lost-draft-truncated.log.gz")):36: read failed: truncated gzip data (the compressed data ends early)\n")
        #expect(truncated.output.hasSuffix("lifelint: 2 errors in 1 trace (35 lines, 27 events); 1 input with errors (see above)\n"))
        let notGzip = TraceFixture.temporaryFile(name: "fake.gz", contents: Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02, 0x03]))
        let fake = runLifelint(["--year", "2024", "--no-config", notGzip.path])
        #expect(fake.status == .failure)
        #expect(fake.diagnostics.hasPrefix("lifelint: error: \(notGzip.path):1: read failed: "))
        let notZip = TraceFixture.temporaryFile(name: "broken.zip", contents: Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0, count: 40))
        let broken = runLifelint(["--year", "2024", "--no-config", notZip.path])
        #expect(broken.status == .failure)
        #expect(broken.diagnostics == "lifelint: error: \(notZip.path):1: read failed: not a readable zip archive (no central directory)\n")
    }

    /// A report is read whole: when its stream breaks, what came before is still analysed and
    /// the break is an error at the line where it happened, not a silently shorter report.
    @Test func aReportWhoseStreamBreaksIsAnalysedAndTheBreakReported() {
        let path = Self.fixture("watchdog-report-truncated.ips.gz")
        let result = runLifelint(["--no-config", path])
        #expect(result.status == .failure)
        #expect(result.diagnostics == "lifelint: error: \(path):1516: read failed: truncated gzip data (the compressed data ends early)\n")
        #expect(result.output.contains("\(path):35: error: com.example.journal was killed by the watchdog in the background"))
        #expect(result.output.hasSuffix("lifelint: 1 error in 1 trace (1515 lines, 1 events); 1 input with errors (see above)\n"))
    }

    /// A report is read whole up to 16 MiB: past that the rest is an error, not silently left.
    @Test func aReportLargerThanItsLimitSaysTheRestIsNotRead() throws {
        let report = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("SampleLogs/ios-watchdog-in-background.ips")))
        let padding = String(repeating: "\n" + String(repeating: " ", count: 99), count: 170_000)
        let file = TraceFixture.temporaryFile(name: "huge.ips", contents: report + Data(padding.utf8))
        let result = runLifelint(["--no-config", file.path])
        #expect(result.status == .failure)
        #expect(result.diagnostics == "lifelint: error: \(file.path):167788: larger than 16 MiB, the most lifelint reads of this kind of file: the rest is not read\n")
        #expect(result.output.contains("\(file.path):35: error: com.example.journal was killed by the watchdog in the background"))
    }

    @Test func gzipOnStandardInput() throws {
        let pipe = Pipe()
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("lost-draft.log.gz")))
        let saved = dup(STDIN_FILENO)
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        pipe.fileHandleForWriting.write(data)
        try pipe.fileHandleForWriting.close()
        dup2(pipe.fileHandleForReading.fileDescriptor, STDIN_FILENO)
        let events = try TraceReader.events(atPath: "-", options: TraceReadOptions(year: 2024)).events
        #expect(events.count == 34)
    }
}

/// Damaged archives never crash the reader: every truncation point and a few hundred random
/// byte flips of the gzip and zip fixtures either read or fail with an error.
@Suite struct DamagedArchiveTests {
    @Test(.timeLimit(.minutes(2)), arguments: ["lost-draft.log.gz", "bugreport.zip", "bugreport-stored.zip"])
    func everyDamageIsAnErrorNotACrash(_ name: String) throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CompressedInputTests.fixture(name))))
        // Seeded, so a failure reproduces.
        var generator = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(name.utf8.count))
        var variants: [[UInt8]] = stride(from: 0, to: original.count, by: max(1, original.count / 150)).map { Array(original[..<$0]) }
        for _ in 0..<400 {
            var damaged = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            variants.append(damaged)
        }
        for (index, bytes) in variants.enumerated() {
            let url = TraceFixture.temporaryFile(name: "\(index)-\(name)", contents: Data(bytes))
            do {
                _ = try TraceReader.read(TraceInput(path: url.path), options: TraceReadOptions(year: 2024)) { _ in }
            } catch {
                #expect(error.description.hasPrefix(url.path), "\(error)")
            }
        }
    }
}

/// SplitMix64: a small deterministic generator for the damage tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
