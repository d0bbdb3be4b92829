import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Inputs made to hurt: each ends quickly with a clear error or the right answer, and the other
/// traces of the run are still reported.
@Suite struct HostileInputTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// A binary plist whose 60 arrays each reference the next one twice: 283 bytes that decode
    /// to 2^60 values if objects are followed blindly.
    static func exponentialPlist(levels: Int = 60) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(levels + 1), 0, UInt64(table)] { bytes += (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) } }
        return bytes
    }

    @Test func anExponentialBinaryPlistIsRefusedAndTheOtherTracesAreReported() {
        let plist = TraceFixture.temporaryFile(name: "bomb.plist", contents: Data(Self.exponentialPlist()))
        let started = ContinuousClock.now
        let result = runLifelint(["--year", "2024", "--no-config", plist.path, Self.lostDraft])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == .failure)
        #expect(
            result.diagnostics.contains("\(plist.path):1: corrupt binary plist: a record expands to more than 100000 values (objects shared over and over)"),
            "\(result.diagnostics)")
        #expect(result.output.contains("\(Self.lostDraft):17: error: "))
    }

    /// A folder with links back to itself, to its parent and to `/`, and a FIFO named like a
    /// trace: the walk follows none of them, names each once, and reads the one real trace once
    /// however many ways it is named.
    @Test func foldersWithLinkLoopsAndFIFOsEndAndSaySo() throws {
        let root = TraceFixture.temporaryFile(name: "x.log", contents: try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))).deletingLastPathComponent()
        let inner = root.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("root").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("same.log").path, withDestinationPath: "../x.log")
        #expect(mkfifo(inner.appendingPathComponent("pipe.log").path, 0o600) == 0)
        let started = ContinuousClock.now
        let x = root.appendingPathComponent("x.log").path
        let result = runLifelint(["--year", "2024", "--no-config", root.path, x, root.path + "/b/../x.log", root.path + "/**/*.log"])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == .findings)
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"), "\(result.output)")
        #expect(
            result.diagnostics.components(separatedBy: "\n").filter { !$0.isEmpty }.sorted() == [
                "lifelint: note: \(inner.path)/pipe.log: skipped: a FIFO, not a regular file",
                "lifelint: note: \(inner.path)/root: skipped: a symbolic link to a folder, not followed",
                "lifelint: note: \(inner.path)/up: skipped: a symbolic link to a folder, not followed",
            ])
    }

    /// A file name that is not UTF-8 (`café.log` in Latin-1) keeps its bytes: a folder walk
    /// finds it, the command line opens it, and reports show the byte as `\xE9`.
    @Test func aFileNameThatIsNotUTF8IsReadAndShown() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("latin1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = PathEncoding.string(fromBytes: Array((folder.path + "/caf").utf8) + [0xE9] + Array(".log".utf8))
        let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.lostDraft)))
        let descriptor = PathEncoding.withFileSystemRepresentation(name) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        #expect(descriptor >= 0)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)
        let shown = folder.path + "/caf\\xE9.log"
        #expect(PathEncoding.displayed(name) == shown)
        let walked = runLifelint(["--year", "2024", "--no-config", folder.path])
        #expect(walked.output.hasPrefix("\(shown):17: error: "), "\(walked.output)")
        #expect(walked.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
        let json = runLifelint(["--year", "2024", "--no-config", "--format", "json", folder.path + "/caf*.log"])
        #expect(json.output.contains(#""path" : "\#(folder.path)/caf\\xE9.log""#), "\(json.output.prefix(400))")
        let missing = runLifelint(["--no-config", PathEncoding.string(fromBytes: Array("nowhere-".utf8) + [0xFF])])
        #expect(missing.diagnostics == "lifelint: error: nowhere-\\xFF: cannot open: No such file or directory\n")

        let binary = try #require(EndToEndTests.binary)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"exec "$0" --year 2024 --no-config "$(printf '%s/caf\351.log' "$1")""#, binary.path, folder.path]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1)
        #expect(printed.hasPrefix("\(shown):17: error: "), "\(printed)")
    }

    /// Escaping is exact both ways, also for a name whose valid UTF-8 spells one of the
    /// characters the escape uses.
    @Test func pathEncodingRoundTripsEveryName() {
        let names: [[UInt8]] = [Array("plain/ä.log".utf8), [0x61, 0xE9, 0x62], [0xFF, 0xFE], Array("\u{EF80}x".utf8), [0xC3], [0xED, 0xA0, 0x80]]
        for bytes in names {
            let path = PathEncoding.string(fromBytes: bytes)
            let back = PathEncoding.withFileSystemRepresentation(path) { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
            #expect(back == bytes, "\(bytes)")
        }
        #expect(PathEncoding.displayed(PathEncoding.string(fromBytes: [0x61, 0xE9, 0x62])) == "a\\xE9b")
        #expect(PathEncoding.displayed(PathEncoding.string(fromBytes: Array("\u{EF80}".utf8))) == "\\xEE\\xBE\\x80")
    }

    /// A FIFO the user names is read as named (process substitution gives one).
    @Test func aFIFONamedOnTheCommandLineIsRead() throws {
        let folder = TraceFixture.temporaryFile(name: "placeholder", contents: Data()).deletingLastPathComponent()
        let fifo = folder.appendingPathComponent("stream.log").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(text)
            try? handle?.close()
        }
        writer.start()
        let result = runLifelint(["--year", "2024", "--no-config", fifo])
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
    }

    /// Small files by nature are refused when they are not files, or not small, before a byte is
    /// read: `--config /dev/zero` used to read 5 GB.
    @Test func configurationsBaselinesAndRuleFilesMustBeSmallRegularFiles() throws {
        #expect(runLifelint(["--config", "/dev/zero", Self.lostDraft]).diagnostics == "lifelint: error: /dev/zero: cannot read: not a regular file (a device)\n")
        #expect(runLifelint(["--no-config", "--baseline", "/dev/zero", Self.lostDraft]).diagnostics == "lifelint: error: /dev/zero: cannot read: not a regular file (a device)\n")
        let big = TraceFixture.temporaryFile(name: "big.json", contents: Data(count: SmallFile.configurationLimit + 1))
        #expect(
            runLifelint(["--config", big.path, Self.lostDraft]).diagnostics
                == "lifelint: error: \(big.path): cannot read: 4194305 bytes, more than the 4 MiB such a file may have\n")
        let folder = big.deletingLastPathComponent().appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("fifo.json").path, 0o600) == 0)
        let rules = runLifelint(["--no-config", "--rules", folder.path, Self.lostDraft])
        #expect(rules.status == .failure)
        #expect(rules.diagnostics.contains("fifo.json: cannot read rule: not a regular file (a FIFO)"), "\(rules.diagnostics)")
    }

    /// A line longer than the reader's buffer is one line, read cut: the lines after it keep
    /// their numbers.
    @Test func aLineLongerThanTheBufferIsOneLine() throws {
        var lines = try String(contentsOfFile: Self.lostDraft, encoding: .utf8).components(separatedBy: "\n")
        lines.insert("01-08 09:14:20.000  4242  4242 I Noise: " + String(repeating: "x", count: (16 << 20) + 100), at: 10)
        let trace = TraceFixture.temporaryFile(name: "long.log", contents: Data(lines.joined(separator: "\n").utf8))
        let result = runLifelint(["--year", "2024", "--no-config", trace.path])
        #expect(result.output.hasPrefix("\(trace.path):18: error: "), "line 17 of the story, one line later")
        let events = runLifelint(["events", "--year", "2024", trace.path])
        #expect(
            events.diagnostics.contains(
                ": 47 lines, 34 events, 12 other log lines, 1 structural, 0 continuation, 0 unrecognised, 1 line longer than 16 MiB read cut [logcat threadtime]"),
            "\(events.diagnostics)")
    }

    /// Text from a trace cannot become a live link, a remote image or a ping in a Markdown
    /// report (a pull-request comment, a step summary).
    @Test func markdownFromATraceIsInert() throws {
        let story = try String(contentsOfFile: RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/reports/markup trace, v1.log"), encoding: .utf8)
        let payload = #"[x](https://evil.example/) ![t](https://evil.example/p.png) @octocat www.evil.example *bold* _em_"#
        let trace = story.split(separator: "\n").map { line in
            line.contains("persist.begin key=") ? "01-08 09:14:25.969  4242  4290 I lifelint: persist.begin key=\"\(payload)\" bytes=412" : String(line)
        }.joined(separator: "\n")
        #expect(trace != story)
        let file = TraceFixture.temporaryFile(name: "links.log", contents: Data(trace.utf8))
        let markdown = runLifelint(["--year", "2024", "--no-config", "--format", "markdown", file.path]).output
        let joiner = "\u{2060}"
        #expect(
            markdown.contains(
                #"\[x\](https:"# + joiner + #"//evil.example/) !\[t\](https:"# + joiner + "//evil.example/p.png) @" + joiner + "octocat www" + joiner
                    + #".evil.example \*bold\* \_em\_"#), "\(markdown)")
        #expect(!markdown.contains("](https://") && !markdown.contains("@octocat") && !markdown.contains("https://"))
    }

    /// A byte-order mark is not content: UTF-8 with one reads as UTF-8, UTF-16 (PowerShell's
    /// `adb logcat > file`) is transcoded, CRLF and all.
    @Test(
        arguments: [
            ("bom.log", [0xEF, 0xBB, 0xBF], String.Encoding.utf8, "logcat threadtime, UTF-8 with a byte-order mark"),
            ("le.log", [0xFF, 0xFE], .utf16LittleEndian, "logcat threadtime, UTF-16LE"),
            ("be.log", [0xFE, 0xFF], .utf16BigEndian, "logcat threadtime, UTF-16BE"),
        ] as [(String, [UInt8], String.Encoding, String)])
    func byteOrderMarksAndUTF16AreRead(_ name: String, _ mark: [UInt8], _ encoding: String.Encoding, _ format: String) throws {
        let text = try String(contentsOfFile: Self.lostDraft, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
        let file = TraceFixture.temporaryFile(name: name, contents: Data(mark) + text.data(using: encoding)!)
        let result = runLifelint(["--year", "2024", "--no-config", file.path])
        #expect(result.output.hasPrefix("\(file.path):17: error: com.example.notes saves 'draft' in a teardown callback"))
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (46 lines, 34 events)\n"))
        #expect(runLifelint(["events", "--year", "2024", file.path]).diagnostics.contains("[\(format)]"))
    }

    @Test func aJSONLinesTraceWithAByteOrderMarkIsRead() {
        let file = TraceFixture.temporaryFile(
            name: "bom.jsonl", contents: Data([0xEF, 0xBB, 0xBF]) + Data(#"{"time":"2024-01-08T09:15:42.305Z","event":"persist.begin","app":"com.app"}"#.utf8))
        #expect(runLifelint(["--no-config", file.path]).output.hasSuffix("lifelint: no findings in 1 trace (1 records, 1 events)\n"))
    }

    /// A mapping's regular expression is bounded at load (counted repetitions that expand past
    /// 10,000 copies are refused, with the key path) and per line (the first 2,048 bytes of a
    /// message; `$` does not match where the text was cut).
    @Test func mappingRegularExpressionsAreBounded() throws {
        let explosive = String(repeating: "(", count: 10) + "a{1,100}" + String(repeating: "){1,100}", count: 10)
        let configuration = try JSONSerialization.data(withJSONObject: ["mappings": [["tag": "X", "message": ["regex": explosive], "event": "a.b"]]])
        let file = TraceFixture.temporaryFile(name: ".lifelint.json", contents: configuration)
        let refused = runLifelint(["--config", file.path, Self.lostDraft])
        #expect(refused.status == .failure)
        #expect(
            refused.diagnostics
                == "lifelint: error: \(file.path): 'mappings[0].message.regex': not a regular expression: too complex: its counted repetitions ('{m,n}') expand to billions of copies (at most 10000)\n"
        )
        #expect(try RegularExpression.expandedSize(Array("(a{1,100}){1,100}".utf8)) == 10_000)
        // Found by RegexFuzzer: thirty stacked '+' took 2.2 GB in regcomp.
        #expect(throws: RegularExpression.Failure.self) { try RegularExpression("($a*10[^0-9]\u{FFFD}\u{FFFD}" + String(repeating: "+", count: 30) + "a8]]") }
        #expect(throws: RegularExpression.Failure.self) { try RegularExpression("a*{2}") }
        // Found by RegexFuzzer: a ')' that closes nothing is a literal to the C library, and the
        // count stopped at it; what came after took regcomp past 2 GB.
        #expect(try RegularExpression.expandedSize(Array("a{1,10}){1,70}(a{1,10}){1,7000}".utf8)) == 10 + 70 + 70_000 + 6_899 * 6_899 / 100)
        #expect(throws: RegularExpression.Failure.invalid("too complex: its counted repetitions ('{m,n}') expand to 546042 copies (at most 10000)")) {
            try RegularExpression("a{1,10}){1,70}(a{1,10}){1,7000}")
        }
        // Found by RegexFuzzer: one count's optional copies cost regcomp memory with their
        // square ('(}){1,7000}' took 1 GB); past a hundred they count as their square over 100.
        #expect(try RegularExpression.expandedSize(Array("(}){1,7000}".utf8)) == 7_000 + 6_899 * 6_899 / 100)
        #expect(try RegularExpression("a{1,1000}").expansion == 1_000 + 899 * 899 / 100)
        #expect(throws: RegularExpression.Failure.self) { try RegularExpression("a{1,1100}") }
        #expect(try RegularExpression("(a{1,100}){1,100}").expansion == 10_000)
        // A '{' that opens no count is a literal to regcomp, and so to the checks: read as a
        // count, '{[}' hid the bracket expression that regcomp saw open there.
        #expect(RegularExpression.escapingLiteralBraces(Array("a{[}]b{2,,}c{,3}d{4}\\{x[{]".utf8)) == Array("a\\{[}]b\\{2,,}c{,3}d{4}\\{x[{]".utf8))
        // Found by RegexFuzzer: a '{' read as a count skips the ')' before its '}', so the
        // checks' own reading nests deeper than the parentheses counted; each bounds its depth.
        let fooling = String(repeating: "(a{)}", count: 3_000)
        #expect(RegularExpression.nestingDepth(Array(fooling.utf8)) == 1)
        #expect(throws: RegularExpression.nestedTooDeeply) { try RegularExpression.expandedSize(Array(fooling.utf8)) }
        #expect(throws: RegularExpression.nestedTooDeeply) { try RegularExpression.hasLoopOverEmptyMatch(Array(fooling.utf8)) }
        // Compiled, its '{' opens no count: a literal, as to regcomp, and the groups nest one deep.
        #expect(throws: Never.self) { try RegularExpression(fooling) }
        // Found by RegexFuzzer: 14,620 open parentheses overflowed the stack in the check above.
        #expect(throws: RegularExpression.Failure.invalid("groups nested more than 100 deep")) { try RegularExpression(String(repeating: "(", count: 14_620)) }
        #expect(throws: Never.self) { try RegularExpression(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)) }
        #expect(RegularExpression.nestingDepth(Array("(a)[(((]\\((b(c))".utf8)) == 2)
        // The checks read bytes, as regcomp does: read as characters, a combining mark after
        // each '(' hid the groups from them, and regcomp ran out of memory.
        let hidden = String(repeating: "(\u{301}", count: 3) + "a{1,100}" + String(repeating: "){1,100}", count: 3)
        #expect(throws: RegularExpression.Failure.invalid("too complex: its counted repetitions ('{m,n}') expand to 102020200 copies (at most 10000)")) {
            try RegularExpression(hidden)
        }
        // Found by RegexFuzzer: a loop over a part that matches nothing; eight of
        // '(()+){1,100}' kept regcomp busy for minutes.
        let emptyLoop = RegularExpression.Failure.invalid(
            "a repetition of a part that can match nothing ('()+', '(a*)*', '(b|)+'): repeat what must match; the C library takes minutes to compile a few of these")
        #expect(throws: emptyLoop) { try RegularExpression(String(repeating: "(()+){1,100}", count: 8)) }
        #expect(throws: emptyLoop) { try RegularExpression("((()+){1,100})?") }
        #expect(throws: emptyLoop) { try RegularExpression("x(a*)*b") }
        #expect(throws: emptyLoop) { try RegularExpression("(?<k>b|){2,}") }
        #expect(throws: emptyLoop) { try RegularExpression("(^)*a") }
        #expect(throws: Never.self) { try RegularExpression("(ab?)+ (c*)? (d|e)* (f*g){1,3} (h|)? (i*){0,1}") }
        #expect(throws: Never.self) { try RegularExpression("^(?<ms>[0-9]+)ms (a|b)*c{1,3}[+*]\\+?$") }
        #expect(try RegularExpression.expandedSize(Array("^flush done in (?<ms>[0-9]+)ms".utf8)) < 100)

        let quadratic = try JSONSerialization.data(withJSONObject: ["mappings": [["message": ["regex": "(a+)+$"], "event": "a.b"]]])
        let slow = TraceFixture.temporaryFile(name: ".lifelint.json", contents: quadratic)
        let lines =
            (0..<10).map { "01-08 09:14:0\($0).000  4242  4242 I Noise: " + String(repeating: "a", count: 8_000) + "b" }
            + ["01-08 09:14:10.000  4242  4242 I Noise: aaaa"]
        let trace = TraceFixture.temporaryFile(name: "aaa.log", contents: Data(lines.joined(separator: "\n").utf8))
        let started = ContinuousClock.now
        let result = runLifelint(["--config", slow.path, "--year", "2024", trace.path])
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(result.output.hasSuffix("(11 lines, 1 events)\n"), "only the short line ends in a's: \(result.output)")
    }

    /// What lifelint echoes back is short and cannot drive the terminal.
    @Test func echoedValuesAreShortAndSanitized() {
        #expect(runLifelint(["rules", "x\u{1B}[31my"]).diagnostics == "lifelint: error: no rule with id 'x\\u001B[31my'; 'lifelint rules' lists them\n")
        let long = String(repeating: "x", count: 1_000_000)
        let echoed = runLifelint(["--format", long, Self.lostDraft]).diagnostics
        #expect(echoed.utf8.count < 500)
        #expect(echoed.hasPrefix("lifelint: error: invalid value '" + String(repeating: "x", count: 120) + "… (1000000 bytes)' for '--format'"))
        #expect(runLifelint([long]).diagnostics.utf8.count < 500)
    }

    /// A key given twice in `attrs` is a malformed record, never written twice.
    @Test func aRepeatedAttributeKeyIsAnError() {
        let file = TraceFixture.temporaryFile(
            name: "dup.jsonl", contents: Data(#"{"time":"2024-01-08T09:15:42.305Z","event":"persist.begin","app":"com.app","attrs":{"k":"1","k":"2"}}"#.utf8))
        let result = runLifelint(["events", file.path])
        #expect(result.status == .failure)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics.hasPrefix("lifelint: error: \(file.path):1:1: 'attrs' has the key 'k' twice; which value is meant cannot be told\n"))
    }

    @Test func oneFileForTwoOutputsIsAUsageError() {
        let result = runLifelint(["--output", "sarif=out.x", "--output", "json=out.x", Self.lostDraft])
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasPrefix("lifelint: error: 'out.x' is given for two outputs; each needs a file of its own\n"))
        #expect(runLifelint(["--output", "sarif=same.x", "--write-baseline", "same.x", Self.lostDraft]).status == .failure)
    }

    /// An encrypted bugreport entry is named as such; no other entry is read in its place.
    @Test func anEncryptedBugreportEntryIsSaidToBeEncrypted() throws {
        var zip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/compressed/bugreport-stored.zip"))))
        var flagged = 0
        for offset in 0..<(zip.count - 4) {
            let signature = UInt32(zip[offset]) | UInt32(zip[offset + 1]) << 8 | UInt32(zip[offset + 2]) << 16 | UInt32(zip[offset + 3]) << 24
            if signature == 0x0201_4B50 {
                zip[offset + 8] |= 1
                flagged += 1
            }
            if signature == 0x0403_4B50 { zip[offset + 6] |= 1 }
        }
        #expect(flagged > 0)
        let file = TraceFixture.temporaryFile(name: "encrypted.zip", contents: Data(zip))
        let result = runLifelint(["--year", "2024", "--no-config", file.path])
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("is encrypted; lifelint cannot read it"), "\(result.diagnostics)")
    }

    /// Logs that start after megabytes of other text are found; the text before them is
    /// unrecognised, and a file with no logs says how far it was searched.
    @Test func logsAfterOtherTextAreFound() throws {
        let notes = (0..<40_000).map { "ticket note \($0): the user says the draft was gone after lunch" }
        let story = try String(contentsOfFile: Self.lostDraft, encoding: .utf8)
        let file = TraceFixture.temporaryFile(name: "ticket.log", contents: Data((notes.joined(separator: "\n") + "\n" + story).utf8))
        let result = runLifelint(["--year", "2024", "--no-config", file.path])
        #expect(result.output.hasPrefix("\(file.path):40017: error: com.example.notes saves 'draft'"), "\(result.output.prefix(300))")
        #expect(result.output.hasSuffix("lifelint: 3 errors in 1 trace (40046 lines, 34 events)\n"))
        let prose = TraceFixture.temporaryFile(name: "prose.log", contents: Data(notes.prefix(100).joined(separator: "\n").utf8))
        let none = runLifelint(["--no-config", prose.path])
        #expect(none.status == .failure)
        #expect(none.diagnostics.contains("(searched 6"), "\(none.diagnostics)")
        #expect(none.diagnostics.contains("bytes, the whole file)"))
    }

    /// A Chrome trace whose `traceEvents` follow a 3 MB `metadata` member is still a Chrome trace.
    @Test func aJSONShapeIsFoundPastALargeFirstMember() throws {
        let document: [String: Any] = [
            "metadata": ["note": String(repeating: "y", count: 3_000_000)],
            "traceEvents": [["ph": "X", "name": "activityPause", "pid": 4242, "tid": 4242, "ts": 123456, "dur": 10]],
        ]
        let file = TraceFixture.temporaryFile(name: "meta.json", contents: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]))
        let result = runLifelint(["events", file.path])
        #expect(result.status == .success, "\(result.diagnostics)")
        #expect(result.diagnostics.contains("[json chrome-trace]"), "\(result.diagnostics)")
    }

    /// Every input a fuzzer found (Fixtures/fuzz/README.md says what each was) is read to its
    /// end without a crash, with the outcome pinned here: a new finding needs its line too.
    @Test func fuzzFindingsAreReadToTheirEnd() throws {
        let expected: [String: (status: ExitCode, diagnostic: String)] = [
            "binary-plist-real-past-int-max.bplist": (.failure, "binary-plist-real-past-int-max.bplist:2: corrupt binary plist: object 17 contains itself"),
            "binary-plist-reference-past-int-max.bplist": (
                .failure, "binary-plist-reference-past-int-max.bplist:1: corrupt binary plist: reference 289644378304612881 outside the object table"
            ),
            "ips-key-with-invalid-unicode-escape.ips": (
                .failure, "ips-key-with-invalid-unicode-escape.ips:1:238: invalid JSON: a key that is not a valid string (invalid \\u escape)"
            ),
            "trace-long-header-slash-at-time.log": (.success, "no findings in 1 trace (20 lines, 0 events)"),
        ]
        let folder = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/fuzz")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "README.md" }.sorted()
        #expect(inputs == expected.keys.sorted())
        for name in inputs {
            guard let outcome = expected[name] else { continue }
            let result = runLifelint(["--year", "2024", "--no-config", folder + "/" + name])
            #expect(result.status == outcome.status, "\(name): \(result.diagnostics)")
            #expect((result.diagnostics + result.output).contains(outcome.diagnostic), "\(name): \(result.diagnostics)")
        }
    }
}
