import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Hostile and broken inputs: each gives one clear error naming the file and line, exit
/// status 2, no crash, and the other traces of the run are still read.
@Suite struct MalformedInputTests {
    static func run(_ contents: Data, name: String) -> (status: ExitCode, diagnostics: String, path: String, output: String) {
        let url = TraceFixture.temporaryFile(name: name, contents: contents)
        let good = RepositoryPaths.path("SampleLogs/android-lost-draft.jsonl")
        let result = runLifelint(["events", "--quiet", url.path, good])
        return (result.status, result.diagnostics, url.path, result.output)
    }

    static func run(_ text: String, name: String) -> (status: ExitCode, diagnostics: String, path: String, output: String) {
        run(Data(text.utf8), name: name)
    }

    private func expectError(_ result: (status: ExitCode, diagnostics: String, path: String, output: String), _ message: String) {
        #expect(result.status == .failure)
        #expect(result.diagnostics == "lifelint: error: \(result.path)\(message)\n")
        #expect(result.output.split(separator: "\n").count >= 34, "the good trace after the bad one is still read")
    }

    /// Stray closing brackets and commas between JSON Lines records are each an error in
    /// their place, and reading goes on (they once stalled the reader).
    @Test func strayDelimitersBetweenRecords() {
        let result = Self.run("{\"event\":\"a.b\",\"time\":1}\n]\n,\n}\n{\"event\":\"c.d\",\"time\":2}\n", name: "stray.jsonl")
        #expect(result.status == .failure)
        #expect(result.diagnostics == [2, 3, 4].map { "lifelint: error: \(result.path):\($0):1: invalid JSON: expected a value\n" }.joined())
        #expect(result.output.split(separator: "\n").count == 2 + 34)
    }

    /// Dates and second counts no 64-bit nanosecond clock can hold are errors or unreadable
    /// lines, never an overflow.
    @Test func datesOutOfRange() {
        let iso = Self.run("{\"event\":\"a.b\",\"time\":\"9999-01-01T00:00:00Z\"}\n", name: "far.jsonl")
        #expect(iso.status == .failure)
        #expect(iso.diagnostics.hasSuffix(#"found "9999-01-01T00:00:00Z""# + "\n"))
        let epoch = Self.run("99999999999999.123  1234  1250 I lifelint: input.edited\n1704705343.123  1234  1250 I lifelint: input.edited\n", name: "epoch.log")
        #expect(epoch.output.split(separator: "\n").count == 1 + 34)
        #expect(runLifelint(["events", "--year", "9999", RepositoryPaths.path("SampleLogs/android-lost-draft.log")]).status == .failure)
    }

    @Test func timesOutOfRange() {
        let result = Self.run("{\"event\":\"a.b\",\"time\":1e300}\n{\"event\":\"a.b\",\"time\":99999999999999999999}\n", name: "far.jsonl")
        #expect(result.status == .failure)
        #expect(
            result.diagnostics == """
                lifelint: error: \(result.path):1:1: 'time' is out of range: 1e300
                lifelint: error: \(result.path):2:1: 'time' is out of range: 99999999999999999999

                """)
    }

    @Test func truncatedJSON() {
        expectError(Self.run(#"{"events":[{"time":1,"event":"a.b"},{"time":2,"ev"#, name: "cut.json"), ":1:37: truncated JSON: a value that starts here never ends")
        expectError(Self.run("{\"time\":1,\"event\":\"a.b\"}\n{\"time\":2,", name: "cut.jsonl"), ":2:1: truncated JSON: a value that starts here never ends")
    }

    /// A record cut short and joined to the next one (a crash mid-write) loses only itself:
    /// reading resumes at the next line, however the damage unbalanced quotes and brackets.
    @Test func damagedJSONLinesRecordLosesOnlyItself() {
        let text = """
            {"time":1,"event":"a.b","pl{"time":2,"event":"c.d"}
            {"time":3,"event":"e.f","attrs":{"k":"v
            {"time":4,"event":"g.h","attrs":[[[
            {"time":5,"event":"i.j"}

            """
        let result = Self.run(text, name: "damaged.jsonl")
        #expect(result.status == .failure)
        #expect(
            result.diagnostics == """
                lifelint: error: \(result.path):1:30: invalid JSON: expected ':'
                lifelint: error: \(result.path):2:40: invalid JSON: control character in a string
                lifelint: error: \(result.path):3:1: truncated JSON: a value that starts here never ends

                """)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1 + 34)
        #expect(lines.first?.contains(#""event":"i.j""#) == true)
    }

    /// In an array (a Chrome trace is often one line) reading resumes at the next element
    /// after the damage, and an array whose last element is damaged still closes.
    @Test func damagedArrayElementLosesOnlyItself() {
        let chrome = Self.run(
            #"{"traceEvents":[{"name":"x","ph":"B,"ts":1,"pid":1,"tid":1},{"name":"lifelint:a.b","ph":"i","ts":2,"pid":1,"tid":1,"s":"t"}],"meta":1}"#, name: "damaged.json")
        #expect(chrome.diagnostics == "lifelint: error: \(chrome.path):1:38: invalid JSON: expected ',' or '}'\n")
        #expect(chrome.output.split(separator: "\n").count == 1 + 34)
        let last = Self.run(#"[{"time":1,"event":"a.b"},{"time":2,"event":"c.d","x":tru}]"#, name: "last.json")
        #expect(last.diagnostics == "lifelint: error: \(last.path):1:55: invalid JSON: expected a value\n")
        #expect(last.output.split(separator: "\n").count == 1 + 34)
    }

    /// Skipping a damaged record keeps memory flat: the reader's buffer never holds more than
    /// the rest of one read (it once buffered the whole remaining file looking for the
    /// record's end).
    @Test func damagedRecordIsSkippedInBoundedMemory() throws {
        var text = "{\"time\":1,\"event\":\"a.b\",\"x\":\"y}\n"
        for index in 0..<20_000 { text += "{\"time\":\(index),\"event\":\"c.d\"}\n" }
        let url = TraceFixture.temporaryFile(name: "bounded.jsonl", contents: Data(text.utf8))
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        let reader = JSONStreamReader(source: FileDescriptorSource(descriptor, owns: false), chunkSize: 4096)
        var first = true
        var records = 0
        try reader.forEachElement(.init()) { element in
            defer { first = false }
            #expect(element.bytes.count <= 2 * 4096 + 64)
            if first { return .invalid(at: 30) }
            guard let newline = element.bytes.firstIndex(of: .newline) else { return .needsMoreInput }
            records += 1
            return .consumed(newline)
        }
        #expect(records == 20_000)
    }

    @Test func wrongTypes() {
        expectError(Self.run(#"{"time":true,"event":"a.b"}"#, name: "types.jsonl"), ":1:1: 'time' must be a string or a number, found true")
        expectError(Self.run(#"{"time":1,"event":"a.b","attrs":[1]}"#, name: "attrs.jsonl"), ":1:1: 'attrs' must be an object, found [1]")
        expectError(Self.run(#"{"time":1,"event":42}"#, name: "name.jsonl"), #":1:1: 'event' must be an event name such as "persist.begin", found 42"#)
        expectError(
            Self.run(
                "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array>\n<dict><key>time</key><string>noon</string><key>event</key><string>a.b</string></dict>\n</array></plist>",
                name: "types.plist"),
            ":3: 'time' must be a date, seconds, or ISO 8601 text, found \"noon\"")
    }

    @Test func invalidUTF8() {
        var bytes = Array(#"{"time":1,"event":"a.b","attrs":{"k":"caf"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}}"#.utf8)
        expectError(Self.run(Data(bytes), name: "utf8.jsonl"), ":1:42: invalid JSON: invalid UTF-8")
        var xml = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><array><dict><key>event</key><string>a".utf8)
        xml += [0xFF, 0xFE]
        xml += Array("</string></dict></array></plist>\n".utf8)
        let result = Self.run(Data(xml), name: "utf8.plist")
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasPrefix("lifelint: error: \(result.path):2: invalid XML: "))
    }

    @Test func deepNesting() {
        let depth = 100_000
        let json = #"{"time":1,"event":"a.b","attrs":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        expectError(Self.run(json, name: "deep.jsonl"), ":1:544: invalid JSON: nesting deeper than 512 levels")
        let xml =
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</array></plist>"
        let result = Self.run(xml, name: "deep.plist")
        #expect(result.status == .failure)
        #expect(result.diagnostics.hasPrefix("lifelint: error: \(result.path):2: "))
    }

    @Test func entityExpansionBombAndExternalEntity() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <plist version="1.0"><array><dict><key>event</key><string>&lol3;</string></dict></array></plist>
            """
        expectError(Self.run(bomb, name: "bomb.plist"), ":3: refused: a DOCTYPE with an internal subset (entity declarations are refused)")
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <plist version="1.0"><array><dict><key>event</key><string>&xxe;</string></dict></array></plist>
            """
        expectError(Self.run(external, name: "xxe.plist"), ":2: refused: a DOCTYPE with an internal subset (entity declarations are refused)")
        let undeclared = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array><dict><key>event</key><string>&xxe;</string></dict></array></plist>\n"
        expectError(Self.run(undeclared, name: "undeclared.plist"), ":2: invalid XML: Entity 'xxe' not defined")
    }

    @Test func corruptBinaryPlist() throws {
        let records: [[String: Any]] = [["time": 1.0, "event": "a.b"]]
        var data = try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
        data[data.count - 9] = 0xFF
        expectError(Self.run(data, name: "corrupt.bplist"), ":1: corrupt binary plist: trailer points outside the file")
        expectError(Self.run(Data("bplist00".utf8), name: "short.bplist"), ":1: corrupt binary plist: too short for a binary plist")
    }

    /// Every line of each JSON Lines sample, cut short in turn (a writer that died mid-line,
    /// with the next record written after it): exactly that line's event is lost, with one
    /// error naming its line, and every other line's event is still read.
    @Test(arguments: ["android-lost-draft.jsonl", "rn-dead-websocket-after-resume.jsonl", "ios-background-task-leak.ndjson"])
    func aLineCutShortLosesOnlyItsOwnEvent(_ sample: String) throws {
        let path = RepositoryPaths.path("SampleLogs/\(sample)")
        let original = try TraceReader.events(atPath: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.count > 4 && line.first == "{" {
            var damaged = lines
            damaged[index] = line.prefix(line.count / 2)
            let url = TraceFixture.temporaryFile(name: sample, contents: Data(damaged.joined(separator: "\n").utf8))
            let read = try TraceReader.events(atPath: url.path)
            #expect(read.events.map(\.name) == original.events.filter { $0.source.line != index + 1 }.map(\.name), "line \(index + 1)")
            #expect(read.summary.problems.map(\.location.line) == [index + 1], "line \(index + 1)")
        }
    }
}
