import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The structured containers (docs/formats.md §4–7): exact events from crafted inputs, detected
/// from content whatever the file is called.
@Suite struct ContainerTests {
    static func read(_ text: String, name: String = "trace.dat") throws -> (events: [Event], summary: IngestionSummary) {
        try TraceFixture.ingest(text, name: name, options: TraceReadOptions())
    }

    static func lines(_ events: [Event]) -> [String] {
        events.map { "\($0.time.iso8601 ?? "-") \($0.platform.rawValue) \($0.summaryLine)" }
    }

    @Test func lifelintEventsInAllThreeShapes() throws {
        let records = [
            #"{"time":"2024-01-08T09:15:42.305Z","event":"persist.begin","app":"com.x","pid":42,"platform":"android","attrs":{"key":"draft","bytes":2048,"ok":true,"skip":null}}"#,
            #"{"time":1704705343.5,"event":"persist.end","app":"com.x","attrs":{"key":"draft"}}"#,
            #"{"time":"2024-01-08 10:15:44.761747+0100","event":"input.edited","pid":7}"#,
            #"{"time":"PT12.5S","clock":"monotonic","event":"sync.resync","app":"com.x","tid":3,"source":{"path":"x","line":1}}"#,
        ]
        let expected = [
            "2024-01-08T09:15:42.305Z android persist.begin com.x 42 {key=draft bytes=2048 ok=true}",
            "2024-01-08T09:15:43.500000Z unknown persist.end com.x -",
            "2024-01-08T10:15:44.761747+01:00 unknown input.edited pid 7 7",
            "PT12.5S unknown sync.resync com.x -",
        ]
        let jsonLines = try Self.read(records.joined(separator: "\n") + "\n")
        #expect(Self.lines(jsonLines.events) == expected.map { $0.replacingOccurrences(of: "persist.end com.x -", with: "persist.end com.x - {key=draft}") })
        #expect(jsonLines.summary.format == "json lifelint-events")
        #expect(jsonLines.events.map(\.source.line) == [1, 2, 3, 4])
        let array = try Self.read("[\n" + records.joined(separator: ",\n") + "\n]")
        #expect(array.events.map(\.name) == jsonLines.events.map(\.name))
        #expect(array.events.map(\.source.line) == [2, 3, 4, 5])
        let wrappedText = #"{"device":"Pixel","events":["# + records.joined(separator: ",") + "]}"
        let wrapped = try Self.read(wrappedText)
        #expect(wrapped.events.map(\.name) == jsonLines.events.map(\.name))
        let starts = wrapped.events.map { Array(wrappedText.utf8)[$0.source.column! - 1] }
        #expect(wrapped.events.first?.source.column == 29 && starts.allSatisfy { $0 == UInt8(ascii: "{") })
    }

    @Test func eventsOutputReadsBack() throws {
        let original = try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), options: TraceReadOptions(year: 2024))
        let output = ByteOutput.memory()
        var writer = EventJSONLinesWriter(output: output)
        for event in original.events { writer.write(event) }
        let again = try Self.read(output.text)
        #expect(again.events.map { "\($0.time.iso8601!) \($0.summaryLine) \($0.platform)" } == original.events.map { "\($0.time.iso8601!) \($0.summaryLine) \($0.platform)" })
    }

    @Test func chromeTraceSlicesMetadataAndAppEvents() throws {
        let trace = #"""
            {"displayTimeUnit":"ms","traceEvents":[
            {"name":"process_name","ph":"M","pid":4242,"tid":4242,"args":{"name":"com.example.notes"}},
            {"name":"bindApplication","ph":"X","ts":1000000,"dur":180000,"pid":4242,"tid":4242},
            {"name":"activityStart","ph":"B","ts":"2000000","pid":4242,"tid":4242},
            {"name":"inflate","ph":"B","ts":2000100,"pid":4242,"tid":4242},
            {"name":"inflate","ph":"E","ts":2000200,"pid":4242,"tid":4242},
            {"name":"activityStart","ph":"E","ts":2012000,"pid":4242,"tid":4242},
            {"name":"activityResume","ph":"X","ts":2020000,"dur":1500.5,"pid":4242,"tid":4242},
            {"name":"persist.begin","cat":"app,lifelint","ph":"i","s":"t","ts":3000000,"pid":4242,"tid":4250,"args":{"key":"draft","bytes":12}},
            {"name":"lifelint:appstate.background","cat":"js","ph":"I","ts":4000000,"pid":4242,"tid":4250,"args":{"platform":"react-native"}},
            {"name":"Choreographer#doFrame","ph":"X","ts":4000100,"dur":16000,"pid":4242,"tid":4242},
            {"name":"persist.end","cat":"lifelint","ph":"i","ts":5000000,"pid":999,"tid":999,"args":{"app":"com.other"}}
            """#
        let (events, summary) = try Self.read(trace)
        #expect(
            Self.lines(events) == [
                "PT1.000000S android process.started com.example.notes 4242 {package=com.example.notes hosting=bindApplication}",
                "PT2.012000S android activity.started com.example.notes 4242 {duration_ms=12}",
                "PT2.021500S android activity.resumed com.example.notes 4242 {duration_ms=2}",
                "PT3.000000S android persist.begin com.example.notes 4242 {key=draft bytes=12}",
                "PT4.000000S react-native appstate.background com.example.notes 4242",
                "PT5.000000S android persist.end com.other 999",
            ])
        #expect(summary.format == "json chrome-trace")
        #expect(summary.problemCount == 0, "a Chrome trace may end without ']' and '}'")
        #expect(summary.lines == 11 && summary.structuralLines == 1 && summary.eventLines == 6 && summary.logLines == 4)
    }

    @Test func chromeArrayWithTrailingComma() throws {
        let (events, summary) = try Self.read(#"[{"name":"x.y","cat":"lifelint","ph":"i","ts":1,"pid":1,"tid":1},"# + "\n")
        #expect(events.map(\.name.rawValue) == ["x.y"])
        #expect(summary.problemCount == 0)
    }

    @Test func appleLogNdjsonWithPreambleAndTrailer() throws {
        let text = #"""
            Filtering the log data using "subsystem == \"lifelint\""
            {"subsystem":"lifelint","category":"x","eventMessage":"scene.did-enter-background scene=main","timestamp":"2023-02-23 10:44:02.761747+0100","processID":912,"threadID":4811,"processImagePath":"\/private\/var\/containers\/Bundle\/Application\/X\/Journal.app\/Journal","machTimestamp":1}
            {"subsystem":"com.apple.runningboard","eventMessage":"Acquiring assertion","timestamp":"2023-02-23 10:44:02.800000+0100","processID":33,"machTimestamp":2}
            {"subsystem":"lifelint","eventMessage":"persist.begin key=entry app=com.example.journal platform=react-native","timestamp":"2023-02-23 10:44:03.000000+0100","processID":912,"machTimestamp":3}
            {"count":3,"finished":1}
            """#
        let (events, summary) = try Self.read(text)
        #expect(
            Self.lines(events) == [
                "2023-02-23T10:44:02.761747+01:00 ios scene.did-enter-background Journal 912 {scene=main}",
                "2023-02-23T10:44:03.000000+01:00 react-native persist.begin com.example.journal 912 {key=entry}",
            ])
        #expect(events[0].tid == 4811)
        #expect(summary.format == "json apple-log")
        #expect(summary.lines == 5 && summary.structuralLines == 2 && summary.logLines == 1)
    }

    @Test func metricKitExitCounters() throws {
        let payload = #"""
            [{"timeStampBegin":"2024-01-07 00:00:00 +0000","timeStampEnd":"2024-01-07 23:59:00 +0000",
              "metaData":{"bundleIdentifier":"com.example.outbox"},
              "applicationExitMetrics":{"backgroundExitData":{"cumulativeNormalAppExitCount":12,"cumulativeBackgroundTaskAssertionTimeoutExitCount":7,"cumulativeCPUResourceLimitExitCount":1,"cumulativeMemoryPressureExitCount":0},
                                        "foregroundExitData":{"cumulativeAppWatchdogExitCount":2}}}]
            """#
        let (events, summary) = try Self.read(payload)
        #expect(
            Self.lines(events) == [
                "2024-01-07T23:59:00Z ios evidence.app-exits com.example.outbox - {reason=background-task-assertion-timeout context=background count=7 from=2024-01-07 00:00:00 +0000 to=2024-01-07 23:59:00 +0000}",
                "2024-01-07T23:59:00Z ios evidence.app-exits com.example.outbox - {reason=cpu-resource-limit context=background count=1 from=2024-01-07 00:00:00 +0000 to=2024-01-07 23:59:00 +0000}",
                "2024-01-07T23:59:00Z ios evidence.app-exits com.example.outbox - {reason=app-watchdog context=foreground count=2 from=2024-01-07 00:00:00 +0000 to=2024-01-07 23:59:00 +0000}",
            ])
        #expect(summary.format == "json metrickit")
    }

    @Test func xmlPlistRecords() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
            \t<dict>
            \t\t<key>time</key><date>2024-01-08T09:15:42Z</date>
            \t\t<key>event</key><string>scene.did-enter-background</string>
            \t\t<key>app</key><string>com.example.journal</string>
            \t\t<key>pid</key><integer>811</integer>
            \t\t<key>platform</key><string>ios</string>
            \t\t<key>attrs</key><dict><key>scene</key><string>main</string><key>first</key><true/><key>ratio</key><real>0.5</real></dict>
            \t</dict>
            \t<dict><key>time</key><real>1704705343.25</real><key>event</key><string>persist.begin</string><key>attrs</key><dict/></dict>
            </array>
            </plist>
            """
        let (events, summary) = try Self.read(text)
        #expect(
            Self.lines(events) == [
                "2024-01-08T09:15:42Z ios scene.did-enter-background com.example.journal 811 {scene=main first=true ratio=0.5}",
                "2024-01-08T09:15:43.250000Z unknown persist.begin unknown -",
            ])
        #expect(events.map(\.source.line) == [5, 13])
        #expect(summary.format == "plist xml" && summary.lines == 2 && summary.eventLines == 2)
    }

    @Test func binaryPlistRecords() throws {
        let records: [[String: Any]] = [
            [
                "time": Date(timeIntervalSince1970: 1_704_705_342), "event": "scene.did-enter-background", "app": "com.example.journal",
                "pid": 811, "platform": "ios", "attrs": ["scene": "main", "count": 3, "note": "d\u{e9}j\u{e0} vu"],
            ],
            ["time": 1_704_705_343.25, "event": "persist.begin"],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: ["events": records], format: .binary, options: 0)
        let url = TraceFixture.temporaryFile(name: "trace.bin", contents: data)
        let (events, summary) = try TraceReader.events(atPath: url.path)
        #expect(events.count == 2)
        #expect(events[0].time.iso8601 == "2024-01-08T09:15:42Z")
        #expect(events[0].attributes.dictionary == ["scene": "main", "count": "3", "note": "d\u{e9}j\u{e0} vu"])
        #expect(events[1].time.iso8601 == "2024-01-08T09:15:43.250000Z")
        #expect(summary.format == "plist binary" && events.map(\.source.line) == [1, 2])
    }

    /// Writers that share equal objects (Python's `plistlib` shares a record written twice; Core
    /// Foundation shares equal strings and numbers) give arrays with more elements than the
    /// document has objects: that is sharing, bounded by the value budget, not corruption.
    @Test func binaryPlistWithSharedRecords() throws {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        func object(_ encoded: [UInt8]) {
            offsets.append(UInt8(bytes.count))
            bytes += encoded
        }
        object([0xD1, 1, 2])
        object([0x56] + Array("events".utf8))
        object([0xA8] + Array(repeating: 3, count: 8))
        object([0xD2, 4, 6, 5, 7])
        object([0x55] + Array("event".utf8))
        object([0x5D] + Array("persist.begin".utf8))
        object([0x54] + Array("time".utf8))
        object([0x23] + withUnsafeBytes(of: Double(1_704_705_342).bitPattern.bigEndian, Array.init))
        let table = bytes.count
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(offsets.count), 0, UInt64(table)] { bytes += (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) } }
        var events: [Event] = []
        let summary = try TraceReader.read(try TraceInput(bytes: bytes, name: "shared.plist")) { events.append($0) }
        #expect(summary.problems.isEmpty, "\(summary.problems)")
        #expect(events.map(\.name) == Array(repeating: EventName.persistBegin, count: 8))
        #expect(events.allSatisfy { $0.time.iso8601 == "2024-01-08T09:15:42.000000Z" })
        #expect(events.map(\.source.line) == Array(1...8))
    }

    @Test func otherPlistsAndJSONAreNotErrorsOrEvents() throws {
        let info = try Self.read("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleName</key><string>Notes</string></dict></plist>\n")
        #expect(info.events.isEmpty && info.summary.logLines == 1 && info.summary.problemCount == 0)
        let url = TraceFixture.temporaryFile(name: "package.json", contents: Data(#"{"name":"lifelint","version":2}"#.utf8))
        #expect(
            throws: IngestionError.unrecognisedFormat(
                path: url.path, line: 1,
                reason:
                    "JSON, but neither an Apple log export, a MetricKit payload, an Android Studio Logcat export, Crashlytics BigQuery rows, a Sentry event, a Bugsnag event, OpenTelemetry OTLP JSON, an Embrace payload, a Chrome trace nor lifelint events (examined the whole document)"
            )
        ) {
            _ = try TraceReader.events(atPath: url.path)
        }
    }
}

/// The stream reader with a buffer far smaller than a record: every record crosses chunk
/// boundaries, and numbers cut at a boundary are not mistaken for complete ones.
@Suite struct JSONStreamBoundaryTests {
    @Test func recordsAcrossTinyChunks() throws {
        let text =
            "{\"time\":1704705342.305,\"event\":\"persist.begin\",\"attrs\":{\"key\":\"draft\",\"bytes\":123456}}\n"
            + "[\"not\",\"an\",\"event\"]\n{\"time\":1704705343,\"event\":\"persist.end\"}\n"
        let url = TraceFixture.temporaryFile(name: "tiny.jsonl", contents: Data(text.utf8))
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        let reader = JSONStreamReader(source: FileDescriptorSource(descriptor, owns: false), chunkSize: 7)
        var ingestor = JSONTraceReader(path: "tiny.jsonl", format: "json lifelint-events")
        var decoder = LifelintJSONDecoder()
        var events: [Event] = []
        ingestor.run(reader, options: JSONStreamReader.Options(), decoder: &decoder) { events.append($0) }
        #expect(
            events.map { "\($0.time.iso8601!) \($0.source.line) \($0.summaryLine)" } == [
                "2024-01-08T09:15:42.305000Z 1 persist.begin unknown - {key=draft bytes=123456}",
                "2024-01-08T09:15:43.000000Z 3 persist.end unknown -",
            ])
        #expect(ingestor.summary.problems.map(\.description) == ["tiny.jsonl:2:1: expected an event object, found array"])

        let numbers = TraceFixture.temporaryFile(name: "numbers.json", contents: Data("[12345678901, 2]".utf8))
        let numbersDescriptor = open(numbers.path, O_RDONLY)
        defer { close(numbersDescriptor) }
        var count = 0
        try JSONStreamReader(source: FileDescriptorSource(numbersDescriptor, owns: false), chunkSize: 5).forEachElement(.init()) { element in
            var parser = JSONElementParser(bytes: element.bytes)
            guard let record = try? parser.parseRecordPrefix(into: JSONMemberList(), nestedMembers: JSONMemberList()) else { return .needsMoreInput }
            if record.value.range.upperBound == element.bytes.count && !element.isAtEndOfInput { return .needsMoreInput }
            #expect(record.value.number == (count == 0 ? 12_345_678_901 : 2))
            count += 1
            return .consumed(record.value.range.upperBound)
        }
        #expect(count == 2)
    }
}
