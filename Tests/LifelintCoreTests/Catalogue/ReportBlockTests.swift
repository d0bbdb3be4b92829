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
        #expect(
            events.map { "\($0.source.line) \($0.summaryLine)" } == [
                "3 evidence.fgs-did-not-start com.example.notes - {detail=Reason: Context.startForegroundService() did not then call Service.startForeground(): ServiceRecord{36eb5ef u0 com.example.notes/.UploadService} component=com.example.notes/.UploadService}"
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
        #expect(
            events.map { "\($0.source.line) \($0.summaryLine)" } == [
                "1 evidence.anr com.example.notes - {detail=executing service com.example.notes/.SyncJobService}"
            ])
        #expect(summary.events == 1)
    }

    @Test func anANRWithoutAReasonIsSentOnWhenItsReportEnds() throws {
        let text = """
            01-08 08:00:02.500  1000  1100 E ActivityManager: ANR in com.example.notes (com.example.notes/.EditorActivity)
            01-08 08:00:09.000  1000  1100 I ActivityManager: Start proc 4343:com.example.other/u0a124 for service {com.example.other/.Sync}
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(
            events.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == [
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
        #expect(
            events.map { "\($0.source.line) \($0.summaryLine)" } == [
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
        #expect(
            events.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == [
                "1 evidence.anr com.example.notes",
                "6 evidence.anr unknown",
                "11 evidence.anr unknown",
            ])
    }

    @Test func aTimeOutTheSystemCalledOffIsNoANR() throws {
        let text = """
            W/ActivityManager(   61): Timeout executing service: ServiceRecord{40758390 com.example.notes/.SyncService}
            I/ActivityManager(   61): Crashing app skipping ANR: ProcessRecord{406178a8 19902:com.example.notes/10034} Executing service com.example.notes/.SyncService
            """
        #expect(try TraceFixture.ingestNormalized(text).events.filter { $0.name.rawValue.hasPrefix("evidence.") }.isEmpty)
        let (kept, _) = try TraceFixture.ingestNormalized("W/ActivityManager(   61): Timeout executing service: ServiceRecord{40758390 com.example.notes/.SyncService}\n")
        #expect(kept.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == ["1 evidence.anr com.example.notes"])
    }

    @Test func aBroadcastTimeOutIsTheANROfTheReceiverTheNextLineNames() throws {
        let byPid = """
            01-04 21:45:06.036   471   526 W BroadcastQueue: Timeout of broadcast BroadcastRecord{da7c670 u0 ALARM_ACTION(1540)} - receiver=android.os.BinderProxy@9b3f640, started 60001ms ago
            01-04 21:45:06.036   471   526 W BroadcastQueue: Receiver during timeout: BroadcastFilter{54e96be u0 ReceiverList{c278979 1540 com.example.notes/10123/u0 remote:2a1b3c4}}
            """
        #expect(
            try TraceFixture.ingestNormalized(byPid).events.map { "\($0.source.line) \($0.name.rawValue) \($0.app) \($0.pid.map(String.init) ?? "-")" } == [
                "1 evidence.anr pid 1540 1540"
            ])
        let byComponent = """
            01-04 21:45:06.036   471   526 W BroadcastQueue: Timeout of broadcast BroadcastRecord{da7c670 u0 com.example.SYNC} - receiver=null, started 10001ms ago
            01-04 21:45:06.037   471   526 W BroadcastQueue: Receiver during timeout: ResolveInfo{4a3c5e8 com.example.notes/.SyncReceiver m=0x108000}
            """
        #expect(
            try TraceFixture.ingestNormalized(byComponent).events.map { "\($0.source.line) \($0.name.rawValue) \($0.app)" } == [
                "1 evidence.anr com.example.notes"
            ])
        let alone = "W/ActivityManager(   61): Timeout of broadcast BroadcastRecord{407a4e00 null} - receiver=android.os.BinderProxy@406f3d28, started 10001ms ago\n"
        #expect(try TraceFixture.ingestNormalized(alone).events.isEmpty, "no line names the receiver")
    }

    /// Android 4 names the receiver's class only: an app's receiver timed out, its package untold.
    @Test func anEarlyStudioCopyWithSmallColonsAndAReceiverNamedByItsClass() throws {
        let text = """
            02-19 01:36:13.519      173-188/system_process W/ActivityManager\u{FE55} Timeout of broadcast BroadcastRecord{41630810 null} - receiver=android.os.BinderProxy@41168390, started 10001ms ago
            02-19 01:36:13.529      173-188/system_process W/ActivityManager\u{FE55} Receiver during timeout: ResolveInfo{4161cd20 com.example.notes.utils.AlarmReceiver p=0 o=0 m=0x0}
            """
        let (events, summary) = try TraceFixture.ingestNormalized(text)
        #expect(summary.format == "logcat studio")
        #expect(
            events.map { "\($0.source.line) \($0.name.rawValue) \($0.app) \($0.attributes["receiver"] ?? "-")" } == [
                "1 evidence.anr unknown com.example.notes.utils.AlarmReceiver"
            ])
    }
}
