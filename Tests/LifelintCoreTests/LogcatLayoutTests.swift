import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Every `logcat -v` layout and modifier, and Android Studio's copy formats: the same two
/// entries (a process start logged by ActivityManager, an instrumentation line logged by the
/// app) must give the same events whatever the layout.
@Suite struct LogcatLayoutTests {
    static let expected = [
        "process.started com.example.notes 4242 {package=com.example.notes hosting=activity component=com.example.notes/com.example.notes.EditorActivity}",
        "persist.begin com.example.notes 4242 {key=draft bytes=2048}",
    ]

    static let layouts: [(String, String, String)] = [
        (
            "threadtime", "logcat threadtime",
            """
            01-08 08:45:42.977  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 08:45:43.100  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "threadtime with uid", "logcat threadtime+uid",
            """
            01-08 08:45:42.977  1000  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 08:45:43.100 u0a123  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "time", "logcat time",
            """
            01-08 08:45:42.977 I/ActivityManager( 1000): Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 08:45:43.100 I/lifelint( 4242): persist.begin key=draft bytes=2048
            """
        ),
        (
            "brief", "logcat brief",
            """
            I/ActivityManager( 1000): Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            I/lifelint( 4242): persist.begin key=draft bytes=2048
            """
        ),
        (
            "process", "logcat process",
            """
            I( 1000) Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}  (ActivityManager)
            I( 4242) persist.begin key=draft bytes=2048  (lifelint)
            """
        ),
        (
            "studio legacy", "logcat studio",
            """
            01-08 08:45:42.977 1000-1250/system_process I/ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 08:45:43.100 4242-4242/com.example.notes I/lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "studio new", "logcat studio-new+year",
            """
            2024-01-08 08:45:42.977  1000-1250  ActivityManager         system_process                       I  Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            2024-01-08 08:45:43.100  4242-4242  lifelint                com.example.notes                    I  persist.begin key=draft bytes=2048
            """
        ),
        (
            "long", "logcat long",
            """
            [ 01-08 08:45:42.977  1000: 1250 I/ActivityManager ]
            Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}

            [ 01-08 08:45:43.100  4242: 4242 I/lifelint ]
            persist.begin key=draft bytes=2048

            """
        ),
        (
            "year usec zone", "logcat threadtime+year+usec+zone",
            """
            2024-01-08 08:45:42.977000 +0100  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            2024-01-08 08:45:43.100000 +0100  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "nsec", "logcat threadtime+nsec",
            """
            01-08 08:45:42.977000001  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 08:45:43.100000002  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "epoch", "logcat threadtime+epoch",
            """
                   1704703542.977  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
                   1704703543.100  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "monotonic", "logcat threadtime+monotonic",
            """
                        12345.977  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
                        12346.100  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            """
        ),
        (
            "color and CRLF", "logcat threadtime+color",
            "\u{1B}[38;5;40m01-08 08:45:42.977  1000  1250 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}\u{1B}[0m\r\n\u{1B}[38;5;40m01-08 08:45:43.100  4242  4242 I lifelint: persist.begin key=draft bytes=2048\u{1B}[0m\r\n"
        ),
    ]

    @Test(arguments: layouts)
    func layoutGivesTheSameEvents(layout: (name: String, format: String, text: String)) throws {
        let (events, summary) = try TraceFixture.ingest(layout.text)
        #expect(events.map(\.summaryLine) == Self.expected, "\(layout.name)")
        #expect(summary.format == layout.format)
        #expect(summary.unrecognisedLines == 0)
        #expect(summary.categoriesAddUp)
    }

    @Test func threadLayoutHasNoTagButStillReadsSystemWording() throws {
        let text = """
            I( 1000: 1250) Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            I( 4242: 4242) some app message
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(events.map(\.summaryLine) == [Self.expected[0]])
        #expect(summary.format == "logcat thread")
        #expect(summary.logLines == 1)
    }

    @Test func tagLayout() throws {
        let (events, summary) = try TraceFixture.ingest("I/lifelint: persist.begin key=draft\nD/Other: x\n")
        #expect(events.map(\.summaryLine) == ["persist.begin unknown - {key=draft}"])
        #expect(summary.format == "logcat tag")
    }

    @Test func rawLayoutWhenForced() throws {
        let text = "Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}\nanything else\n"
        let (events, summary) = try TraceFixture.ingest(text, options: TraceReadOptions(inputFormat: .logcat(.raw), year: 2024))
        #expect(events.map(\.summaryLine) == [Self.expected[0]])
        #expect(events.first?.time == .unknown)
        #expect(summary.format == "logcat raw")
        #expect(summary.logLines == 1)
    }

    @Test func timesAreExact() throws {
        let layouts = Dictionary(uniqueKeysWithValues: Self.layouts.map { ($0.0, $0.2) })
        func times(_ name: String) throws -> [String?] { try TraceFixture.ingest(layouts[name]!).events.map(\.time.iso8601) }
        #expect(try times("threadtime") == ["2024-01-08T08:45:42.977", "2024-01-08T08:45:43.100"])
        #expect(try times("year usec zone") == ["2024-01-08T08:45:42.977000+01:00", "2024-01-08T08:45:43.100000+01:00"])
        #expect(try times("nsec") == ["2024-01-08T08:45:42.977000001", "2024-01-08T08:45:43.100000002"])
        #expect(try times("epoch") == ["2024-01-08T08:45:42.977Z", "2024-01-08T08:45:43.100Z"])
        #expect(try times("monotonic") == ["PT12345.977S", "PT12346.100S"])
    }

    @Test func messyLinesAreCountedNotLost() throws {
        let text = """
            * daemon not running; starting now at tcp:5037
            --------- beginning of main
            01-08 08:45:42.977  1234  1250 E AndroidRuntime: FATAL EXCEPTION: main
            01-08 08:45:42.977  1234  1250 E AndroidRuntime: Process: com.example.notes, PID: 1234
            \tat com.example.notes.Editor.save(Editor.kt:12)

            01-08 08:45:43.000  1234  1250 I Télé\tphone : message non-ASCII é
            01-08 08:45:43.001     0     0 I         : c7  kernel line
            ------ SYSTEM LOG (logcat -v threadtime -v printable -v uid -d *:v) ------
            01-08 08:45:43.002  1234  1250 I lifelint: app.memory-warning
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.died com.example.notes 1234 {reason=crash detail=FATAL EXCEPTION}",
                "app.memory-warning com.example.notes 1234",
            ])
        #expect(summary.lines == 10)
        #expect(summary.unrecognisedLines == 1)
        #expect(summary.firstUnrecognisedLines == [1])
        #expect(summary.structuralLines == 3)
        #expect(summary.continuationLines == 1)
        #expect(summary.logLines == 3)
        #expect(summary.eventLines == 2)
        #expect(summary.categoriesAddUp)
    }

    @Test func bugreportSectionsWithUIDColumn() throws {
        let text = """
            == dumpstate: 2024-01-08 08:50:00
            Build: AP1A.240405.002
            ------ SYSTEM LOG (logcat -v threadtime -v printable -v uid -d *:v) ------
            --------- beginning of system
            01-08 08:45:42.977  1000  1610  1655 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for activity {com.example.notes/com.example.notes.EditorActivity}
            01-08 08:45:43.100 u0a123  4242  4242 I lifelint: persist.begin key=draft bytes=2048
            ------ 0.326s was the duration of 'SYSTEM LOG' ------
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(events.map(\.summaryLine) == Self.expected)
        #expect(summary.format == "logcat threadtime+uid")
        // The dumpstate header and other non-logcat sections are the bugreport's structure.
        #expect(summary.structuralLines == 5)
        #expect(summary.unrecognisedLines == 0)
    }

    @Test func quotedEmailPasteIsRead() throws {
        let text = """
            > 12-03 13:46:10.543  3542  3865 I lifelint: input.edited field=body
            >> wrapped tail of the previous line
            >
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(events.map(\.summaryLine) == ["input.edited pid 3542 3542 {field=body}"])
        #expect(summary.continuationLines == 1)
        #expect(summary.structuralLines == 1)
    }

    @Test func missingFinalNewlineAndEmptyFile() throws {
        let (events, summary) = try TraceFixture.ingest("01-08 08:45:43.100  4242  4242 I lifelint: persist.end key=draft ok=true")
        #expect(events.map(\.summaryLine) == ["persist.end pid 4242 4242 {key=draft ok=true}"])
        #expect(summary.lines == 1)
        let empty = try TraceFixture.ingest("")
        #expect(empty.events.isEmpty && empty.summary.lines == 0)
    }
}
