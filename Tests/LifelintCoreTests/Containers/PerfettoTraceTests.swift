import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintIngestion
@testable import LifelintModel

/// Perfetto traces: fixtures written by an encoder independent of the reader
/// (`Fixtures/perfetto/encode.py`, from Perfetto's protos), in every container and broken in
/// every way; the real trace is in the review set.
@Suite struct PerfettoTraceTests {
    private static func read(_ name: String) throws -> (events: [Event], summary: IngestionSummary) {
        let path = TraceFixture.fixturePath("perfetto/\(name)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var events: [Event] = []
        let summary = try EventNormalizer.read(try TraceInput(bytes: bytes, name: name), options: TraceReadOptions(year: 2024)) { events.append($0) }
        return (events, summary)
    }

    private static func described(_ events: [Event]) -> [String] {
        events.map { event in
            let attributes = event.attributes.dictionary.keys.sorted().map { "\($0)=\(event.attributes[$0] ?? "")" }.joined(separator: " ")
            return "\(event.time.iso8601 ?? "?") \(event.name.rawValue) \(event.app) \(attributes)"
        }
    }

    /// The notes app's run: launched, edited, left (saving in onStop), killed by lmkd.
    private static let notesRun = [
        "2025-08-12T12:00:01.012000000Z process.started com.example.notes component={com.example.notes/com.example.notes.MainActivity} hosting=activity package=com.example.notes",
        "2025-08-12T12:00:01.180000Z activity.started com.example.notes duration_ms=50",
        "2025-08-12T12:00:01.200000Z activity.resumed com.example.notes duration_ms=15",
        "2025-08-12T12:00:01.201000Z input.edited com.example.notes field=body",
        "2025-08-12T12:00:06.025000Z activity.paused com.example.notes duration_ms=15",
        "2025-08-12T12:00:06.502000Z persist.begin com.example.notes key=draft",
        "2025-08-12T12:00:06.511000Z persist.end com.example.notes key=draft",
        "2025-08-12T12:00:06.530000Z activity.stopped com.example.notes duration_ms=30",
        "2025-08-12T12:00:40.000000000Z process.died com.example.notes initiator=system reason=low-memory source=ftrace",
    ]

    @Test func logsSlicesTrackEventsAndDeathsBecomeOneTimeline() throws {
        let (events, summary) = try Self.read("notes.perfetto-trace")
        #expect(Self.described(events) == Self.notesRun)
        #expect(summary.format == "perfetto" && summary.unit == "packets" && summary.lines == 33 && summary.problemCount == 0)
        #expect(summary.categoriesAddUp)
    }

    /// A trace whose system info states the device's UTC offset writes its times in the device's
    /// local time: the same instants, as the device's logcat would show them.
    @Test func theDevicesOffsetWritesTimesInItsLocalTime() throws {
        let local = try Self.read("notes-timezone.perfetto-trace")
        let utc = try Self.read("notes.perfetto-trace").events
        #expect(local.events.first?.time.iso8601 == "2025-08-12T13:00:01.012000000+01:00")
        #expect(local.events.map(\.time.nanoseconds) == utc.map(\.time.nanoseconds) && local.summary.deviceUTCOffsetSeconds == 3600)
    }

    /// A system info packet whose offset no clock has (a damaged or hostile trace) is ignored:
    /// the offset stated before stands, and reading goes on.
    @Test func anOffsetBeyondADayIsIgnored() throws {
        let path = TraceFixture.fixturePath("perfetto/notes-timezone.perfetto-trace")
        let huge: [UInt8] = [0x38] + Array(repeating: 0xFF, count: 8) + [0x7F]
        let systemInfo: [UInt8] = [0xEA, 0x02, UInt8(huge.count)] + huge
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path))) + [0x0A, UInt8(systemInfo.count)] + systemInfo
        var events: [Event] = []
        let summary = try EventNormalizer.read(try TraceInput(bytes: bytes, name: "damaged"), options: TraceReadOptions(year: 2024)) { events.append($0) }
        #expect(summary.deviceUTCOffsetSeconds == 3600 && events.count == Self.notesRun.count)
    }

    /// A trace that logs the events buffer and records the framework's slices says each callback
    /// twice: it is one event, the log's, which names the activity.
    @Test func aCallbackBothLoggedAndSlicedIsOneEvent() throws {
        let events = try Self.read("notes-events-buffer.perfetto-trace").events
        let callbacks = events.filter { $0.name.rawValue.hasPrefix("activity.") }
        #expect(callbacks.map(\.name) == [EventName.activityStarted, EventName.activityResumed, EventName.activityPaused, EventName.activityStopped])
        #expect(callbacks.allSatisfy { $0.attributes["component"] == "com.example.notes.MainActivity" && $0.attributes["duration_ms"] != nil })
        #expect(events.count == Self.notesRun.count)
    }

    /// ActivityManager's own track events (frameworks/base's extensions 2010 and 2011) are the
    /// process's start and its death with Android's exit reason; beside the log lines that say
    /// the same, each is one start and one death.
    @Test func theSystemsProcessTrackEventsAreItsStartAndDeath() throws {
        let path = TraceFixture.fixturePath("perfetto/notes-framework-events.perfetto-trace")
        let fromTrackEvents = try TraceReader.events(atPath: path).events.filter { $0.attributes["source"] == "track-event" }
        #expect(
            fromTrackEvents.map { "\($0.time.iso8601 ?? "?") \($0.name.rawValue) \($0.app) \($0.pid ?? 0) \($0.attributes["exit_reason"] ?? "-")" } == [
                "2025-08-12T12:00:01.012000000Z process.started com.example.notes 4321 -",
                "2025-08-12T12:00:40.030000000Z process.died com.example.notes 4321 LOW_MEMORY",
            ])
        #expect(fromTrackEvents.last?.attributes["reason"] == "low-memory")
        let events = try Self.read("notes-framework-events.perfetto-trace").events
        #expect(events.filter { $0.name == EventName.processStarted }.count == 1 && events.filter { $0.name == EventName.processDied }.count == 1)
    }

    /// A bugreport's attached trace joins its logcat on the device's local clock, adding what only
    /// the trace holds (the app's own markers, lmkd's kill as ftrace saw it first) and nothing the
    /// logcat says already (its log packets, the activity slices the events buffer also logs).
    @Test func aBugreportsTraceAddsWhatItsLogcatLacks() throws {
        let path = TraceFixture.fixturePath("perfetto/bugreport-with-trace.zip")
        var events: [Event] = []
        let summary = try EventNormalizer.read(try TraceInput(path: path), options: TraceReadOptions()) { events.append($0) }
        let fromTrace = events.filter { $0.source.path.hasSuffix("systrace.pftrace") }
        #expect(
            fromTrace.map { "\($0.time.iso8601 ?? "?") \($0.name.rawValue)" } == [
                "2025-08-12T13:00:01.201000 input.edited", "2025-08-12T13:00:06.502000 persist.begin", "2025-08-12T13:00:06.511000 persist.end",
                "2025-08-12T13:00:40.000000000 process.died",
            ])
        #expect(events.filter { $0.name == EventName.activityResumed }.count == 1 && events.filter { $0.name == EventName.processDied }.count == 1)
        #expect(events.count == 10 && summary.format == "logcat threadtime+uid (zip) + 1 perfetto")
        #expect(summary.bundleEntries.map(\.outcome) == ["perfetto, 6 events"])
    }

    @Test func eventsCiteTheirPacketAndItsOffset() throws {
        let (events, _) = try Self.read("notes.perfetto-trace")
        let stopped = try #require(events.first { $0.name == EventName.activityStopped })
        #expect(stopped.source.byteOffset != nil && stopped.source.lineText.hasPrefix("packet \(stopped.source.line) at byte "))
        let edited = try #require(events.first { $0.name == EventName.inputEdited })
        #expect(edited.source.line == 10 && edited.source.byteOffset == 858)
    }

    @Test(arguments: ["notes-compressed.perfetto-trace", "notes.pftrace.gz"])
    func compressedTracesReadTheSame(name: String) throws {
        #expect(Self.described(try Self.read(name).events) == Self.notesRun)
    }

    @Test func lmkdsOldCounterIsAKillToo() throws {
        let (events, _) = try Self.read("notes-lmkd-counter.perfetto-trace")
        #expect(Self.described(events).last == Self.notesRun.last)
    }

    @Test func aCutOffTraceKeepsWhatCameBeforeAndSaysWhere() throws {
        let (events, summary) = try Self.read("notes-truncated.perfetto-trace")
        #expect(summary.problemCount == 1 && !events.isEmpty)
        let problem = try #require(summary.problems.first)
        #expect(problem.message.contains("a cut-off file") && problem.location.byteOffset != nil)
    }

    @Test func aBrokenPacketIsReportedAndTheRestRead() throws {
        let (events, summary) = try Self.read("notes-malformed-packet.perfetto-trace")
        #expect(summary.problemCount == 1)
        #expect(summary.problems.first?.message.hasPrefix("a packet that is not protobuf: a length that runs past the end of its message") == true)
        #expect(Self.described(events) == Self.notesRun)
    }

    /// The lost-draft sample's logcat lines as a trace's log packets (`encode.py logcat`): the
    /// same events, to the millisecond of the device's clock, and the same findings.
    @Test func theSameLogsAsPacketsGiveTheSameEventsAndFindings() throws {
        func shown(_ events: [Event]) -> [String] {
            events.map { event in
                let attributes = event.attributes.dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                return "\(event.time.localNanoseconds / 1_000_000) \(event.name.rawValue) \(event.app) \(event.pid ?? 0) \(event.tid ?? 0) \(attributes)"
            }
        }
        let packets = try Self.read("lost-draft.perfetto-trace").events
        var text: [Event] = []
        try EventNormalizer.read(TraceInput(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log")), options: TraceReadOptions(year: 2024)) { text.append($0) }
        #expect(shown(packets) == shown(text) && packets.count == 34)
        let rules = try RuleCatalog.builtIn().rules
        let found = try TraceAnalyzer.analyze(path: TraceFixture.fixturePath("perfetto/lost-draft.perfetto-trace"), rules: rules).findings
        let expected = try TraceAnalyzer.analyze(path: RepositoryPaths.path("SampleLogs/android-lost-draft.log"), rules: rules, options: TraceReadOptions(year: 2024)).findings
        #expect(found.map(\.ruleID) == expected.map(\.ruleID) && found.count == 3)
    }

    @Test func textThatOpensWithANewlineIsNotATrace() {
        let logcat = Array("\n--------- beginning of main\n01-08 08:45:43.100  1  1 I tag: m\n".utf8)
        let opensLogcat = PerfettoTraceFormat.opensWithPacket(logcat.span)
        let shortPacket: [UInt8] = [0x0A, 0x02, 0x08]
        let opensShort = PerfettoTraceFormat.opensWithPacket(shortPacket.span)
        #expect(!opensLogcat && !opensShort)
    }
}

/// The wire format, and reading records from a stream in pieces of any size.
@Suite struct ProtoWireTests {
    @Test func fieldsOfEveryWireTypeAndTheirValues() throws {
        // 1: varint 150; 2: "hi"; 3: fixed32 1.5f; 4: sint64 -3 (zigzag 5); 5: fixed64 2.0; 6: int32 -1.
        let bytes: [UInt8] =
            [0x08, 0x96, 0x01, 0x12, 0x02, 0x68, 0x69, 0x1D, 0x00, 0x00, 0xC0, 0x3F, 0x20, 0x05, 0x29] + [0, 0, 0, 0, 0, 0, 0, 0x40]
            + [0x30] + Array(repeating: 0xFF, count: 9) + [0x01]
        var reader = ProtoFieldReader(bytes.span)
        var fields: [ProtoField] = []
        while let field = try reader.next() { fields.append(field) }
        #expect(fields.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(fields[0].value == 150 && fields[1].range == 5..<7 && fields[2].double == 1.5 && fields[3].zigzag == -3)
        #expect(fields[4].double == 2.0 && fields[5].int64 == -1)
    }

    @Test(arguments: [
        ([0x08] as [UInt8], ProtoWireError.truncated(at: 1)),
        ([0x12, 0x05, 0x01], .lengthPastEnd(at: 0)),
        ([0x0B], .badWireType(3, at: 0)),
        ([0x00, 0x01], .badFieldNumber(at: 0)),
        (Array(repeating: 0xFF, count: 11), .badVarint(at: 0)),
    ])
    func brokenBytesSayWhatAndWhere(bytes: [UInt8], error: ProtoWireError) {
        var reader = ProtoFieldReader(bytes.span)
        #expect(throws: error) { while try reader.next() != nil {} }
    }

    /// Serves its bytes a few at a time, as a pipe or an inflater might.
    private final class TricklingSource: ByteSource {
        private let bytes: [UInt8]
        private var offset = 0
        private let step: Int

        init(_ bytes: [UInt8], step: Int) {
            self.bytes = bytes
            self.step = step
        }

        func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
            let length = min(step, count, bytes.count - offset)
            for index in 0..<length { buffer[index] = bytes[offset + index] }
            offset += length
            return length
        }
    }

    @Test(arguments: [1, 3, 7, 1 << 20])
    func recordsArriveWholeHoweverTheStreamIsCut(step: Int) throws {
        let payloads: [[UInt8]] = [[0x08, 0x01], Array(repeating: 0x41, count: 300), [], [0x10, 0x02]]
        let stream: [UInt8] = payloads.flatMap { payload -> [UInt8] in [0x0A] + Self.varint(UInt64(payload.count)) + payload }
        var reader = ProtoRecordStream(source: TricklingSource(Array(stream.dropFirst(2)), step: step), initial: Array(stream.prefix(2)))
        var seen: [(Int64, [UInt8])] = []
        let failure = reader.forEach { record, payload in seen.append((record.offset, payload.array)) }
        #expect(failure == nil)
        #expect(seen.map(\.1) == payloads && seen.map(\.0) == [0, 4, 307, 309])
    }

    @Test func aStreamThatEndsInsideARecordSaysHowMuchIsMissing() {
        var reader = ProtoRecordStream(source: EmptySource(), initial: [0x0A, 0x02, 0x08, 0x01, 0x0A, 0x05, 0x01])
        var count = 0
        #expect(reader.forEach { _, _ in count += 1 } == .truncated(at: 4, missing: 4))
        #expect(count == 1)
    }

    private static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            bytes.append(UInt8(value & 0x7F) | (value > 0x7F ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }
}
