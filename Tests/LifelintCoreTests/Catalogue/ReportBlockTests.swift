import Testing
@testable import LifelintIngestion
@testable import LifelintModel

/// A report's first line is read with the lines that complete it: an ANR's `Reason:`, the crash
/// that names the process of a binder failure logged without a pid.
@Suite struct ReportBlockTests {
    @Test func anANRWhoseReasonIsAForegroundServiceDeadlineIsThatIncident() throws {
        let text = """
            01-19 11:19:57.850  1303  3942 E ActivityManager: ANR in com.example.notes
            01-19 11:19:57.850  1303  3942 E ActivityManager: PID: 2420
            01-19 11:19:57.850  1303  3942 E ActivityManager: Reason: Context.startForegroundService() did not then call Service.startForeground(): ServiceRecord{36eb5ef u0 com.example.notes/.UploadService}
            01-19 11:19:57.850  1303  3942 E ActivityManager: Load: 3.68 / 3.11 / 2.93
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(events.map { "\($0.source.line) \($0.summaryLine)" } == [
            "3 evidence.fgs-did-not-start com.example.notes - {detail=Reason: Context.startForegroundService() did not then call Service.startForeground(): ServiceRecord{36eb5ef u0 com.example.notes/.UploadService} component=com.example.notes/.UploadService}",
        ])
    }

    @Test func anANRTakesItsReasonAsItsDetailEvenFromAnIndentedReport() throws {
        let text = """
            11-18 18:21:36.152 452-477/system_process E/ActivityManagerService: ANR in com.example.notes
                PID: 1744
                Reason: executing service com.example.notes/.SyncJobService
                Load: 1.98 / 0.83 / 0.31
            """
        let (events, summary) = try TraceFixture.ingestNormalized(text)
        #expect(events.map { "\($0.source.line) \($0.summaryLine)" } == [
            "1 evidence.anr com.example.notes - {detail=executing service com.example.notes/.SyncJobService}",
        ])
        #expect(summary.events == 1)
    }

    @Test func anANRWithoutAReasonIsSentOnWhenItsReportEnds() throws {
        let text = """
            01-08 08:00:02.500  1000  1100 E ActivityManager: ANR in com.example.notes (com.example.notes/.EditorActivity)
            01-08 08:00:09.000  1000  1100 I ActivityManager: Start proc 4343:com.example.other/u0a124 for service {com.example.other/.Sync}
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(events.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == [
            "1 evidence.anr com.example.notes",
            "2 process.started com.example.other",
        ])
        let (last, _) = try TraceFixture.ingestNormalized("ANR in com.example.notes (com.example.notes/.EditorActivity)\n")
        #expect(last.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == ["1 evidence.anr com.example.notes"])
    }

    @Test func aBinderFailureWithoutAPidIsTheProcessWhoseCrashFollows() throws {
        let text = """
            E/JavaBinder: !!! FAILED BINDER TRANSACTION !!!  (parcel size = 2049968)
            D/AndroidRuntime: Shutting down VM
            E/AndroidRuntime: FATAL EXCEPTION: main
                Process: com.example.notes, PID: 31549
                java.lang.RuntimeException: Failure from system
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(events.map { "\($0.source.line) \($0.summaryLine)" } == [
            "1 evidence.transaction-too-large com.example.notes 31549 {bytes=2049968}",
            "4 process.died com.example.notes 31549 {reason=crash detail=FATAL EXCEPTION}",
        ])
        let (alone, _) = try TraceFixture.ingestNormalized("E/JavaBinder: !!! FAILED BINDER TRANSACTION !!!  (parcel size = 2049968)\n")
        #expect(alone.isEmpty, "no crash names the process: the failure is no app's")
    }

    @Test func eachANRTitleOfAConsoleIsItsOwnIncident() throws {
        let text = """
            executing service com.example.notes/com.example.notes.SyncJobService
            com.example.notes.SyncJobService

            -

            Broadcast of Intent { act=android.intent.action.SCREEN_OFF flg=0x50200010 }
            (no location available)

            -

            Input dispatching timed out (Waiting to send non-key event because the touched window has not finished processing certain input events.)
            com.example.notes.EditorActivity
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(events.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == [
            "1 evidence.anr com.example.notes",
            "6 evidence.anr unknown",
            "11 evidence.anr unknown",
        ])
    }
}
