import Foundation
import Testing

@testable @_spi(Bytes) import LifelintBytes
@testable import LifelintIngestion
@testable import LifelintModel

/// A logcat or JSON Lines file read on several cores reads exactly as on one (decision 0051):
/// every sample and every real capture of the review set, cut into blocks small enough to split
/// lines, continuation lines, crash reports and process names across them, give the same events
/// and the same summary.
@Suite struct ParallelReadingTests {
    private static func captures() throws -> [String] {
        var folders = ["SampleLogs", "Tests/LifelintCoreTests/Fixtures/review"].map(RepositoryPaths.path)
        if let corpus = TraceFixture.sharedCorpus { folders.append(corpus.path) }
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { !$0.hasSuffix(".md") }
                .map { "\(folder)/\($0)" }
        }
    }

    /// The events, each with its time and line, then the summary's counts.
    private static func reading(_ path: String, workers: Int, blockSize: Int) -> [String] {
        var options = TraceReadOptions(year: 2024)
        options.workers = workers
        options.parallelLimits = ParallelReadingLimits(minimumFileSize: 0, minimumCompressedSize: 0, blockSize: blockSize)
        do {
            let (events, summary) = try TraceReader.events(atPath: path, options: options)
            return events.map { "\($0.source.line):\($0.source.column ?? 0):\($0.source.byteOffset ?? -1) \($0.time.readable) \($0.summaryLine)" }
                + [summary.humanDescription, "bytes \(summary.bytes) cut \(summary.truncatedLines) problems \(summary.problemCount)"]
                + ["clock \(summary.clockEnd?.readable ?? "-") went back at \(summary.clockWentBack.map(String.init) ?? "-") year \(summary.assumedYear.map(String.init) ?? "-")"]
                + summary.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test(arguments: [97, 4096])
    func everyCaptureReadsAsOnOneCore(blockSize: Int) throws {
        var compared = 0
        for path in try Self.captures() {
            let one = Self.reading(path, workers: 1, blockSize: blockSize)
            let two = Self.reading(path, workers: 2, blockSize: blockSize)
            #expect(one == two, "\(path)")
            compared += 1
        }
        #expect(compared > 400)
    }

    /// A compressed logcat is inflated on one core and its lines are read on the others: every
    /// capture gzipped, and the compressed fixtures (a stream cut short, a corrupt one, a
    /// bugreport's zip), read as on one core, the line where a damaged stream ends included.
    @Test(arguments: [97, 4096])
    func everyCompressedCaptureReadsAsOnOneCore(blockSize: Int) throws {
        var paths: [String] = []
        for path in try Self.captures() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let name = URL(fileURLWithPath: path).lastPathComponent + ".gz"
            paths.append(TraceFixture.temporaryFile(name: name, contents: Data(GzipFixture.compressed(bytes))).path)
        }
        let fixtures = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/compressed")
        paths += try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted().filter { !$0.hasSuffix(".md") }.map { "\(fixtures)/\($0)" }
        for path in paths {
            #expect(Self.reading(path, workers: 1, blockSize: blockSize) == Self.reading(path, workers: 2, blockSize: blockSize), "\(path)")
        }
        let truncated = Self.reading("\(fixtures)/lost-draft-truncated.log.gz", workers: 2, blockSize: blockSize)
        #expect(truncated.contains("bytes 4437 cut 0 problems 1"))
        #expect(paths.count > 400)
    }

    /// A line longer than the line reader's limit is cut where it cuts it, in whichever block.
    @Test func aLineLongerThanTheLimitIsCutAsOnOneCore() throws {
        let long = String(repeating: "x", count: ByteLineReader.maximumLineLength + 10)
        let text =
            "01-08 10:00:00.000  1610  1655 I ActivityManager: Start proc 4242:com.example.notes/u0a187 for top-activity {com.example.notes/.A}\n"
            + "01-08 10:00:01.000  4242  4242 I Notes: \(long)\n"
            + "01-08 10:00:02.000  1610  1672 I ActivityManager: Process com.example.notes (pid 4242) has died: cch+5 CEM\n"
        let file = TraceFixture.temporaryFile(name: "long-line.log", contents: Data(text.utf8))
        let one = Self.reading(file.path, workers: 1, blockSize: 1 << 20)
        #expect(one == Self.reading(file.path, workers: 2, blockSize: 1 << 20))
        #expect(one.contains("bytes \(text.utf8.count) cut 1 problems 0"))
        let compressed = TraceFixture.temporaryFile(name: "long-line.log.gz", contents: Data(GzipFixture.compressed(Array(text.utf8))))
        for blockSize in [97, 1 << 20] {
            #expect(Self.reading(compressed.path, workers: 2, blockSize: blockSize) == Self.reading(compressed.path, workers: 1, blockSize: blockSize))
        }
        #expect(Self.reading(compressed.path, workers: 2, blockSize: 97).contains("bytes \(text.utf8.count) cut 1 problems 0"))
    }

    /// JSON Lines whose blocks hold a record written over several lines, an invalid record and a
    /// record cut short: from the first such block on, the file reads on one core, and reads
    /// as one core reads it.
    @Test(arguments: [64, 97, 1 << 20])
    func jsonLinesWithRecordsOverLinesReadAsOnOneCore(blockSize: Int) throws {
        let record = { (second: Int, name: String) in
            #"{"time":1704700800.\#(second),"event":"\#(name)","app":"com.example.notes","pid":4242,"attrs":{"key":"draft"}}"#
        }
        var lines = (0..<40).map { record($0, "persist.begin") }
        lines.insert("{\n  \"time\": 1704700801.5,\n  \"event\": \"persist.end\",\n  \"app\": \"com.example.notes\"\n}", at: 20)
        lines.insert(#"{"time":1704700802,"event":"Not A Name","app":"com.example.notes"}"#, at: 30)
        lines.append(#"{"time":1704700803,"event":"persist.end","#)
        let cleanText = Array((lines[..<20].joined(separator: "\n") + "\n").utf8)
        let mixedText = Array(lines.joined(separator: "\n").utf8)
        let clean = TraceFixture.temporaryFile(name: "clean.jsonl", contents: Data(cleanText))
        let mixed = TraceFixture.temporaryFile(name: "mixed.jsonl", contents: Data(mixedText))
        // Compressed, the untrusted block's bytes and those of the blocks cut after it are read
        // on one core before the stream's rest.
        let cleanCompressed = TraceFixture.temporaryFile(name: "clean.jsonl.gz", contents: Data(GzipFixture.compressed(cleanText)))
        let mixedCompressed = TraceFixture.temporaryFile(name: "mixed.jsonl.gz", contents: Data(GzipFixture.compressed(mixedText)))
        for file in [clean, mixed, cleanCompressed, mixedCompressed] {
            let one = Self.reading(file.path, workers: 1, blockSize: blockSize)
            #expect(one == Self.reading(file.path, workers: 2, blockSize: blockSize), "\(file.lastPathComponent)")
        }
        for file in [mixed, mixedCompressed] {
            let mixedReading = Self.reading(file.path, workers: 2, blockSize: blockSize)
            #expect(mixedReading.filter { $0.contains(" persist.begin com.example.notes 4242 {key=draft}") }.count == 40)
            #expect(mixedReading.contains { $0.hasPrefix("21:1:-1 ") && $0.hasSuffix(" persist.end com.example.notes -") })
            #expect(mixedReading.contains { $0.contains("1 unrecognised (first at line 35), 2 malformed [json lifelint-events") })
            #expect(mixedReading.contains { $0.hasSuffix(":47:1: truncated JSON: a value that starts here never ends") })
            #expect(mixedReading.contains("bytes \(mixedText.count) cut 0 problems 2"))
        }
    }

    /// Compressed JSON Lines whose stream breaks off (cut short, or corrupt past its start) read
    /// as on one core: the records before the break, then the read's failure at the same place.
    @Test(arguments: [97, 4096])
    func compressedJSONLinesThatBreakOffReadAsOnOneCore(blockSize: Int) throws {
        let text = (0..<300).map { #"{"time":1704700800.\#($0),"event":"persist.begin","app":"com.example.notes","pid":4242,"attrs":{"key":"d\#($0)"}}"# }
            .joined(separator: "\n")
        let compressed = GzipFixture.compressed(Array(text.utf8))
        var corrupt = compressed
        corrupt[corrupt.count / 2] ^= 0xFF
        let cutShort = TraceFixture.temporaryFile(name: "cut-short.jsonl.gz", contents: Data(compressed.prefix(compressed.count * 2 / 3)))
        let damaged = TraceFixture.temporaryFile(name: "damaged.jsonl.gz", contents: Data(corrupt))
        for file in [cutShort, damaged] {
            let one = Self.reading(file.path, workers: 1, blockSize: blockSize)
            #expect(one == Self.reading(file.path, workers: 2, blockSize: blockSize), "\(file.lastPathComponent)")
            #expect(one.filter { $0.contains(" persist.begin com.example.notes 4242 ") }.count > 100, "\(file.lastPathComponent)")
            #expect(!one.contains { $0.hasSuffix("problems 0") }, "\(file.lastPathComponent)")
        }
    }

    /// A JSON Lines record longer than a logcat line may be is read whole from a compressed
    /// stream, as one core reads it.
    @Test func aCompressedJSONRecordLongerThanALogcatLineIsReadWhole() throws {
        let long = String(repeating: "x", count: ByteLineReader.maximumLineLength + 10)
        let text = [
            #"{"time":1704700800,"event":"persist.begin","app":"com.example.notes","attrs":{"key":"draft"}}"#,
            #"{"time":1704700801,"event":"input.edited","app":"com.example.notes","attrs":{"chars":"\#(long)"}}"#,
            #"{"time":1704700802,"event":"persist.end","app":"com.example.notes","attrs":{"key":"draft"}}"#,
        ].joined(separator: "\n")
        let file = TraceFixture.temporaryFile(name: "long-record.jsonl.gz", contents: Data(GzipFixture.compressed(Array(text.utf8))))
        let one = Self.reading(file.path, workers: 1, blockSize: 1 << 20)
        #expect(one == Self.reading(file.path, workers: 2, blockSize: 1 << 20))
        #expect(one.contains("bytes \(text.utf8.count) cut 0 problems 0"))
        #expect(one.filter { $0.contains(" com.example.notes ") }.count == 3)
    }

    /// Runs of lines of no interest are read at once; the clock, the year and daylight saving's
    /// step back come out as line by line: a step back an hour inside a run of plain lines, a
    /// year's end, times out of order (merged buffers) and kernel lines among them.
    @Test(arguments: [97, 4096])
    func runsOfPlainLinesKeepTheClockAsLineByLine(blockSize: Int) throws {
        var lines: [String] = []
        let plain = { (time: String, pid: Int) in "\(time)  \(pid)  \(pid) D OpenGLRenderer: frame \(lines.count)" }
        for second in 0..<30 { lines.append(plain("11-05 01:59:\(10 + second).000", 4242)) }
        lines.append(plain("11-05 01:59:45.500", 4242))
        lines.append(plain("11-05 01:59:41.000", 4243))
        for second in 0..<20 { lines.append(plain("11-05 01:00:\(10 + second).000", 4242)) }
        lines.append("11-05 01:00:31.000  4242  4242 I lifelint: persist.begin key=draft")
        for second in 0..<20 { lines.append(plain("11-05 01:01:\(10 + second).000", 4242)) }
        lines.append("<6>[ 1234.567] kernel: something")
        for second in 0..<20 { lines.append(plain("12-31 23:59:\(10 + second).000", 4242)) }
        for second in 0..<20 { lines.append(plain("01-01 00:00:\(10 + second).000", 4242)) }
        lines.append("01-01 00:00:31.000  4242  4242 I lifelint: persist.end key=draft")
        for second in 0..<20 { lines.append(plain("01-01 00:01:\(10 + second).000", 4242)) }
        lines.append(plain("01-01 00:01:15.000", 4243))
        let text = lines.joined(separator: "\n") + "\n"
        let file = TraceFixture.temporaryFile(name: "runs.log", contents: Data(text.utf8))
        let one = Self.reading(file.path, workers: 1, blockSize: blockSize)
        #expect(one == Self.reading(file.path, workers: 2, blockSize: blockSize))
        #expect(one.last == "clock 2025-01-01T01:01:29.000 went back at 33 year 2024")
    }

    /// A Perfetto trace's records are cut in turn and its ftrace bundles decoded on every core:
    /// every Perfetto fixture and the review set's recorded trace, gzipped too, and that trace
    /// damaged (cut short inside a packet, a record that is not a length-delimited field between
    /// two packets, its gzip stream cut short) read as on one core, the place where the damage
    /// is reported included.
    @Test(arguments: [97, 4096])
    func everyPerfettoTraceReadsAsOnOneCore(blockSize: Int) throws {
        let folder = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/perfetto")
        var paths = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { !$0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
        let recorded = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/review/perfetto-android-warm-start-macrobenchmark-sleep-in-onresume-api32.perfetto-trace")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: recorded)))
        var offsets: [Int] = []
        var records = ProtoRecordStream(source: EmptySource(), initial: bytes)
        _ = records.forEach { record, _ in offsets.append(Int(record.offset)) }
        let middle = offsets[offsets.count / 2]
        let notARecord = Array(bytes[..<middle]) + [0x08, 0x01] + bytes[middle...]
        let damaged = [("cut-short", Array(bytes.prefix(middle + 7))), ("not-a-record", notARecord), ("recorded", bytes)]
        for (name, contents) in damaged {
            let compressed = GzipFixture.compressed(contents)
            paths += [
                TraceFixture.temporaryFile(name: "\(name).perfetto-trace", contents: Data(contents)).path,
                TraceFixture.temporaryFile(name: "\(name).perfetto-trace.gz", contents: Data(compressed)).path,
                TraceFixture.temporaryFile(name: "\(name)-gzip-cut-short.perfetto-trace.gz", contents: Data(compressed.prefix(compressed.count * 2 / 3))).path,
            ]
        }
        for path in paths {
            #expect(Self.reading(path, workers: 1, blockSize: blockSize) == Self.reading(path, workers: 2, blockSize: blockSize), "\(path)")
        }
        let whole = Self.reading(recorded, workers: 2, blockSize: blockSize)
        #expect(whole.filter { $0.contains(" activity.") }.count == 5)
        #expect(whole.contains("bytes \(bytes.count) cut 0 problems 0"))
        let broken = Self.reading(try #require(paths.first { $0.hasSuffix("/not-a-record.perfetto-trace") }), workers: 2, blockSize: blockSize)
        #expect(broken.contains { $0.contains("at byte \(middle)") && $0.contains("not a length-delimited field where a record starts") })
    }

    /// Where a damaged Perfetto trace stops, it stops as on one core, however the reading's
    /// buffers fall: a record that is not one past the first megabytes counts the bytes up to it
    /// only, and a gzip stream of tiny packets cut anywhere fails where one core's reading fails
    /// (one core reads a record's header bytes ahead, and a read failing there stops it however
    /// many whole packets they hold).
    @Test(arguments: [4096, 1 << 20])
    func aPerfettoTraceBreaksOffAsOnOneCore(blockSize: Int) throws {
        let recorded = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/review/perfetto-android-warm-start-macrobenchmark-sleep-in-onresume-api32.perfetto-trace")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: recorded)))
        let deepBreak = TraceFixture.temporaryFile(name: "deep-break.perfetto-trace", contents: Data(bytes + bytes + [0x08, 0x01] + bytes))
        let deep = Self.reading(deepBreak.path, workers: 2, blockSize: blockSize)
        #expect(deep == Self.reading(deepBreak.path, workers: 1, blockSize: blockSize))
        #expect(deep.contains { $0.hasPrefix("bytes \(2 * bytes.count) ") })
        let tiny = Array(repeating: [UInt8]([0x0A, 0x02, 0x50, 0x01]), count: 20_000).flatMap { $0 }
        let compressed = GzipFixture.compressed(tiny)
        for cut in stride(from: compressed.count / 10, to: compressed.count, by: compressed.count / 10) {
            let file = TraceFixture.temporaryFile(name: "tiny-cut-\(cut).perfetto-trace.gz", contents: Data(compressed.prefix(cut)))
            #expect(Self.reading(file.path, workers: 1, blockSize: blockSize) == Self.reading(file.path, workers: 2, blockSize: blockSize), "cut at \(cut)")
        }
    }
}
