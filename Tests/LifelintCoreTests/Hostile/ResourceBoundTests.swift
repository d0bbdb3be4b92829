import CZlib
import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Inputs that would take a run's memory or time without bound, each run by the built binary
/// under an address-space limit and a deadline (`LimitedRun`): it ends with the right answer or
/// a clear error, within them.
@Suite struct ResourceBoundTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    static func configuration(_ mappings: [[String: Any]]) throws -> URL {
        TraceFixture.temporaryFile(name: ".lifelint.json", contents: try JSONSerialization.data(withJSONObject: ["mappings": mappings]))
    }

    /// `(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1x` took over a minute on one line: back-references are
    /// refused at load.
    @Test func backReferencesAreRefusedAtLoad() throws {
        let file = try Self.configuration([["tag": "X", "message": ["regex": #"(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1x"#], "event": "a.b"]])
        let result = try LimitedRun.run(["--config", file.path, Self.lostDraft], memoryMB: 256, seconds: 20)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("lifelint: error: \(file.path): 'mappings[0].message.regex': not a regular expression: a back-reference ('\\5')"), "\(result.errors)")
    }

    /// 250 mappings each at the single limit took 3.9 GB together: the configuration's
    /// expressions share one budget.
    @Test func theMappingsShareOneBudget() throws {
        let heavy = "(a{1,100}){1,100}"
        let file = try Self.configuration((0..<250).map { ["tag": "T\($0)", "message": ["regex": heavy], "event": "a.b"] })
        let result = try LimitedRun.run(["--config", file.path, Self.lostDraft], memoryMB: 512, seconds: 30)
        #expect(result.status == 2)
        #expect(
            result.errors
                == "lifelint: error: \(file.path): 'mappings[5].message.regex': the mappings' regular expressions expand to 60000 copies together by this one (at most 50000): use prefixes, 'contains' or fewer counted repetitions\n"
        )
        let within = try Self.configuration((0..<5).map { ["tag": "T\($0)", "message": ["regex": heavy], "event": "a.b"] })
        #expect(try LimitedRun.run(["--config", within.path, "--year", "2024", Self.lostDraft], memoryMB: 512, seconds: 30).status == 1)
    }
}

extension ResourceBoundTests {
    /// An end record claiming a 4 GiB central directory in a sparse file of that size: refused
    /// before the directory is allocated.
    @Test func aHugeCentralDirectoryIsRefusedBeforeItIsRead() throws {
        let file = TraceFixture.temporaryFile(name: "huge-directory.zip", contents: Data())
        let size = 0xFFFF_0000 + 22
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(ZipFixture.le32(0x0403_4B50)))
        try handle.seek(toOffset: UInt64(size - 22))
        try handle.write(contentsOf: Data(ZipFixture.endRecord(entries: 1, directorySize: 0xFFFF_0000, directoryOffset: 0)))
        try handle.close()
        let result = try LimitedRun.run(["--no-config", "--year", "2024", file.path, Self.lostDraft], memoryMB: 256, seconds: 30)
        #expect(result.status == 2)
        #expect(result.errors.contains("corrupt zip archive (a central directory of 4095 MiB; lifelint reads at most 64 MiB)"), "\(result.errors)")
        #expect(result.output.contains("[no-save-at-background]"), "the other trace is still analysed")
    }

    /// A stored entry whose declared size stops inside its text (its CRC made to match what the
    /// size covers), and one whose checksum is wrong: each an error after what was read.
    @Test func aZipEntryOfWrongSizeOrChecksumIsAnError() throws {
        let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.lostDraft)))
        let prefix = Array(text.prefix(1_000))
        let prefixCRC = UInt32(truncatingIfNeeded: prefix.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        let short = TraceFixture.temporaryFile(name: "short.zip", contents: Data(ZipFixture.stored(name: "bugreport.txt", contents: text, declaredSize: 1_000, crc: prefixCRC)))
        let cut = try LimitedRun.run(["--no-config", "--year", "2024", short.path], memoryMB: 256, seconds: 30)
        #expect(cut.status == 2)
        #expect(cut.errors.contains("the zip entry bugreport.txt goes on past its declared size of 1000 bytes"), "\(cut.errors)")
        let damaged = TraceFixture.temporaryFile(name: "damaged.zip", contents: Data(ZipFixture.stored(name: "bugreport.txt", contents: text, crc: 0x1234_5678)))
        let wrong = try LimitedRun.run(["--no-config", "--year", "2024", damaged.path], memoryMB: 256, seconds: 30)
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("the zip entry bugreport.txt does not match its checksum or size"), "\(wrong.errors)")
        #expect(wrong.output.contains("[no-save-at-background]"), "what was read is analysed")
        let sound = TraceFixture.temporaryFile(name: "sound.zip", contents: Data(ZipFixture.stored(name: "bugreport.txt", contents: text)))
        #expect(try LimitedRun.run(["--no-config", "--year", "2024", sound.path], memoryMB: 256, seconds: 30).status == 1)
    }
}

extension ResourceBoundTests {
    /// Eight binary plists of 200 MB read by eight workers: each worker held its own (1.6 GB);
    /// the run now holds one large document at a time.
    @Test func documentsReadWholeShareTheRunsBudget() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("large-plists")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<8 {
            let file = folder.appendingPathComponent("big-\(index).bplist")
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data("bplist00".utf8)))
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 200 << 20)
            try handle.close()
            paths.append(file.path)
        }
        let result = try LimitedRun.run(["--no-config", "--jobs", "8"] + paths, memoryMB: 1_200, seconds: 120)
        #expect(result.status == 2)
        #expect(result.errors.components(separatedBy: "corrupt binary plist").count - 1 == 8, "\(result.errors)")
        #expect(result.output.hasSuffix("8 inputs with errors (see above)\n"), "\(result.output)")
    }
}

extension ResourceBoundTests {
    /// A baseline of 200,000 entries is read in bounded memory (Foundation's object tree took
    /// 3.5 GB for a million), and a count past 2^53 is read exactly.
    @Test func aLargeBaselineIsReadInBoundedMemoryAndCountsExactly() throws {
        var text = #"{"lifelintBaseline": 1, "findings": ["#
        text += #"{"fingerprint": "exact", "rule": "no-save-at-background", "app": "com.example.exact", "message": "m", "count": 9007199254740993}"#
        for index in 0..<200_000 {
            text +=
                #",{"fingerprint": "\#(String(index, radix: 16))", "rule": "no-save-at-background", "app": "com.example.app\#(index % 1000)", "message": "com.example.app went to the background with unsaved input, and no save began within 5s", "count": 1}"#
        }
        text += "]}\n"
        let baseline = TraceFixture.temporaryFile(name: "baseline.json", contents: Data(text.utf8))
        let result = try LimitedRun.run(["--no-config", "--year", "2024", "--baseline", baseline.path, Self.lostDraft], memoryMB: 600, seconds: 120)
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.output.contains("baseline entry no longer found: [no-save-at-background] com.example.exact: m (×9007199254740993)\n"))
        #expect(result.output.hasSuffix("0 baselined, 9007199254940993 baseline entries no longer found\n"), "every count, summed exactly")
    }
}

extension ResourceBoundTests {
    /// `Start proc` lines of 40,000 new apps: `--format jsonl` streams the trace's 40,000
    /// metrics records out a chunk at a time instead of rendering them whole (a million apps
    /// took 3.6 GB).
    static let manyApps: URL = {
        var text = "--------- beginning of system\n"
        for index in 0..<40_000 {
            let second = index / 1_000
            text += String(format: "01-08 09:%02d:%02d.%03d  1000  1250 I ActivityManager: ", second / 60 % 60, second % 60, index % 1_000)
            text += "Start proc \(10_000 + index):com.example.app\(index)/u0a\(index % 10_000) for activity {com.example.app\(index)/com.example.app\(index).Main}\n"
        }
        return TraceFixture.temporaryFile(name: "many-apps.log", contents: Data(text.utf8))
    }()

    @Test func jsonLinesStreamALargeTrace() throws {
        let result = try LimitedRun.run(["--no-config", "--year", "2024", "--format", "jsonl", Self.manyApps.path], memoryMB: 200, seconds: 120)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.filter { $0.contains(#""type":"metrics""#) }.count == 40_000)
        #expect(lines.last?.contains(#""type":"summary""#) == true)
        #expect(lines.dropLast().last?.contains(#""type":"trace""#) == true)
    }
}

extension ResourceBoundTests {
    /// A save whose key is 15 MB: messages, labels and tooltips repeat the first 160
    /// characters of a value, so the HTML page stays small (it was 629 MB).
    @Test func hugeAttributeValuesAreCutInReports() throws {
        let key = String(repeating: "k", count: 15 << 20)
        let story = try String(contentsOfFile: Self.lostDraft, encoding: .utf8).replacingOccurrences(of: "key=draft", with: "key=\(key)")
        let trace = TraceFixture.temporaryFile(name: "huge-key.log", contents: Data(story.utf8))
        let result = try LimitedRun.run(["--no-config", "--year", "2024", "--format", "html", trace.path], memoryMB: 1_000, seconds: 120)
        #expect(result.status == 1)
        #expect(result.output.utf8.count < 200_000, "\(result.output.utf8.count) bytes")
        #expect(result.output.contains("saves &#39;" + String(repeating: "k", count: 160) + "… (15728640 bytes)&#39; in a teardown callback"))
    }
}
