import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct InstrumentationTests {
    @Test func eventNames() {
        let valid = ["persist.begin", "a.b", "socket.open_2", "app.bg-task.end", "A.Z9"]
        let invalid = ["", "persist", ".a.b", "a.b.", "a..b", "1a.b", "a.b c", "a.b\u{e9}", "a/b.c", "-a.b", "_a.b", "a.b@"]
        for name in valid { #expect(Self.isValid(name), "\(name)") }
        for name in invalid { #expect(!Self.isValid(name), "\(name)") }
    }

    private static func isValid(_ name: String) -> Bool {
        InstrumentationMessage.isValidEventName(bytes: name.utf8.span)
    }

    /// A React Native app's `console.log('lifelint: …')` reaches logcat under `ReactNativeJS`;
    /// its other console lines are ordinary log lines.
    @Test func reactNativeConsoleLinesCarryInstrumentation() throws {
        let (events, summary) = try TraceFixture.ingest(
            """
            01-08 10:00:00.000  7300  7330 I ReactNativeJS: lifelint: input.edited field=body
            01-08 10:00:00.100  7300  7330 I ReactNativeJS: Running "Notes" with {"rootTag":1}
            01-08 10:00:00.200  7300  7330 I ReactNativeJS: [lifelint] persist.begin key=draft

            """)
        #expect(events.map(\.name.rawValue) == ["input.edited", "persist.begin"])
        #expect(events.map(\.platform) == [.reactNative, .reactNative])
        #expect(events.map(\.attributes.dictionary) == [["field": "body"], ["key": "draft"]])
        #expect(summary.logLines == 1)
    }

    @Test func parsesNameAndAttributes() {
        let message = InstrumentationMessage.parse(#"persist.begin key=draft bytes=2048 note="two words" quote="a \"b\"" stray"#)
        #expect(message?.name.rawValue == "persist.begin")
        #expect(message?.attributes.dictionary == ["key": "draft", "bytes": "2048", "note": "two words", "quote": #"a "b""#, "text": "stray"])
    }

    /// Words that start with '=' are text, not keys, and never stall the reader (a damaged
    /// gzip trace once produced such a line and the reader looped on it).
    @Test(arguments: [
        ("persist.begin =oops key=draft", ["key": "draft", "text": "=oops"]),
        ("persist.begin key==x", ["key": "=x"]),
        ("persist.begin =", ["text": "="]),
        ("persist.begin a= b", ["a": "", "text": "b"]),
        ("persist.begin ==", ["text": "=="]),
    ])
    func equalsSignsWithoutKeys(_ message: String, _ attributes: [String: String]) {
        #expect(InstrumentationMessage.parse(message)?.attributes.dictionary == attributes)
    }

    @Test(arguments: ["", "persist", "1persist.begin", "persist..begin", "persist.begin.", "persist begin", "per$ist.begin"])
    func rejectsInvalidNames(_ message: String) {
        #expect(InstrumentationMessage.parse(message) == nil)
    }

    @Test func instrumentationLineCanNameAppAndPlatform() throws {
        let text = """
            01-08 08:00:00.000  4242  4242 I lifelint: appstate.background app=com.example.rn platform=react-native
            01-08 08:00:00.001  4242  4242 I lifelint: not an event
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(events.count == 1)
        #expect(events[0].summaryLine == "appstate.background com.example.rn 4242")
        #expect(events[0].platform == .reactNative)
        #expect(events[0].source.line == 1)
        #expect(summary.logLines == 1)
    }
}
