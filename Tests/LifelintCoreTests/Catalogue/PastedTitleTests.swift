import Testing

@testable import LifelintIngestion
@testable import LifelintModel

/// What people paste into issues instead of a log: a reporter's title over its message, the
/// Markdown an issue wraps lines in, crash reporters' names for an ANR.
@Suite struct PastedTitleTests {
    static func events(_ text: String) throws -> [String] {
        try TraceFixture.ingestNormalized(text).events.map { "\($0.source.line) \($0.name.rawValue) \($0.app) \($0.pid.map(String.init) ?? "-")" }
    }

    @Test func aLogcatLineInInlineCodeIsReadWithItsPid() throws {
        #expect(
            try Self.events("`09-20 18:02:30.659 29332-29332/org.example.notes E/JavaBinder: !!! FAILED BINDER TRANSACTION !!!  (parcel size = 1568940)`\n") == [
                "1 evidence.transaction-too-large org.example.notes 29332"
            ])
        #expect(
            try Self.events("` I JobServiceContext: Client timed out while executing (no jobFinished received). sending onStop. `\n") == [
                "1 evidence.job-stopped unknown -"
            ])
    }

    @Test func anrTitlesUnderMarkdownAndReporterPrefixes() throws {
        #expect(
            try Self.events(
                """
                - Input dispatching timed out (Waiting because the touched window's input channel is full...
                - Input dispatching timed out (Waiting to send key event because the focused window has not finished processing all of the input events..
                """) == ["1 evidence.anr unknown -", "2 evidence.anr unknown -"])
        #expect(
            try Self.events("### **Input dispatching timed out (Waiting to send non-key event. Wait queue head age: 40226.9ms.), VisibleTo\n") == [
                "1 evidence.anr unknown -"
            ])
        #expect(
            try Self.events("ANR Input dispatching timed out (Waiting to send non-key event. Wait queue head age: 5595.4ms.)\n1 java.lang.Object.wait(Native Method)\n") == [
                "1 evidence.anr unknown -"
            ])
        #expect(
            try Self.events("ANR:  Input dispatching timed out (Waiting to send non-key event.)\n        at java.lang.Thread.sleep(Thread.java:-2)\n") == [
                "1 evidence.anr unknown -"
            ])
        #expect(try Self.events("ApplicationNotResponding: Background ANR\n  libc                0x0902fc     syscall\n") == ["1 evidence.anr unknown -"])
    }

    @Test func theSameTitlePastedTwiceIsOneIncident() throws {
        let title = "Input dispatching timed out (Waiting to send non-key event. Wait queue length: 7.)"
        #expect(try Self.events("\(title)\n\(title)\n") == ["1 evidence.anr unknown -"])
    }

    @Test func aReportersTitleTakesItsAppFromTheMessageUnderIt() throws {
        let text = """
            Exception: android.app.RemoteServiceException$ForegroundServiceDidNotStartInTimeException
            Message: Context.startForegroundService() did not then call Service.startForeground(): ServiceRecord{9d9ee06 u0 org.example.notes/.PlayerService}

            Stack Trace:
            android.app.RemoteServiceException$ForegroundServiceDidNotStartInTimeException: Context.startForegroundService() did not then call Service.startForeground(): ServiceRecord{9d9ee06 u0 org.example.notes/.PlayerService}
            \tat android.app.ActivityThread.generateForegroundServiceDidNotStartInTimeException(ActivityThread.java:2277)
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(
            events.map { "\($0.source.line) \($0.name.rawValue) \($0.app) \($0.attributes["component"] ?? "-")" } == [
                "1 evidence.fgs-did-not-start org.example.notes org.example.notes/.PlayerService"
            ])
        #expect(
            try Self.events("Fatal Exception: android.app.RemoteServiceException$ForegroundServiceDidNotStartInTimeException\n") == [
                "1 evidence.fgs-did-not-start unknown -"
            ])
    }
}
