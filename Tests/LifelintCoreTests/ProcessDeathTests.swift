import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Kill and death lines in the main and system buffers (docs/formats.md §3), the pid → package
/// map, and one event per death however many lines report it.
@Suite struct ProcessDeathTests {
    @Test func lowMemoryKillerInBothWordings() throws {
        let text = """
            05-12 11:42:46.909  1625  1760 I ActivityManager: Start proc 4242:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}
            05-12 11:43:00.000   612   612 I lowmemorykiller: Kill 'com.example.notes' (4242), uid 10123, oom_score_adj 900 to free 52000kB rss, 1000kB swap; reason: low watermark is breached
            05-12 11:43:00.010   700   700 I Zygote  : Process 4242 exited due to signal 9 (Killed)
            05-12 11:43:00.020  1625  1760 I ActivityManager: Process com.example.notes (pid 4242) has died: cch+5 CEM
            05-12 11:44:00.000   612   612 E lowmemorykiller: Kill 'com.example.mail' (5151), uid 10124, oom_adj 15 to free 12345kB
            05-12 11:45:00.000   612   612 I lowmemorykiller: Killing 'com.example.maps' (6161), adj 906,
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.started com.example.notes 4242 {package=com.example.notes hosting=top-activity component=com.example.notes/com.example.notes.EditorActivity}",
                "process.died com.example.notes 4242 {reason=low-memory detail=low watermark is breached}",
                "process.died com.example.mail 5151 {reason=low-memory detail=Kill 'com.example.mail' (5151), uid 10124, oom_adj 15 to free 12345kB}",
                "process.died com.example.maps 6161 {reason=low-memory detail=Killing 'com.example.maps' (6161), adj 906,}",
            ])
        #expect(summary.logLines == 2, "the duplicate death reports are ordinary lines")
    }

    @Test func activityManagerKillsAndZygoteSignals() throws {
        let text = """
            08-29 12:30:01.157  1000  1100 I ActivityManager: Start proc com.example.notes for activity com.example.notes/.EditorActivity: pid=4242 uid=10057 gids={50057}
            08-29 12:30:01.337  1000  1100 I ActivityManager: Killing 4242:com.example.notes/u0a57 (adj 900): empty #17
            08-29 12:30:02.000  1000  1100 I ActivityManager: Killing 5252:com.example.mail/u0a58 (adj 905): remove task
            08-29 12:30:03.000   700   700 I Zygote  : Process 6262 exited due to signal 11 (Segmentation fault)
            08-29 12:30:04.000   700   700 I Zygote  : Process 7272 exited due to signal 9 (Killed)
            08-29 12:30:05.000  1000  1100 I ActivityManager: Start proc 8282:com.example.shop/u0a60 for service {com.example.shop/.Sync}
            08-29 12:30:06.000  1000  1100 I ActivityManager: Force stopping com.example.shop appid=10060 user=0: from pid 4321
            08-29 12:30:06.001  1000  1100 I ActivityManager: Killing 8282:com.example.shop/u0a60 (adj 0): stop com.example.shop due to from pid 4321
            08-29 12:30:07.000  1000  1100 I ActivityManager: Force stopping com.example.absent appid=10061 user=0: from pid 4321
            """
        let (events, _) = try TraceFixture.ingest(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.started com.example.notes 4242 {package=com.example.notes hosting=activity component=com.example.notes/.EditorActivity}",
                "process.died com.example.notes 4242 {reason=killed detail=empty #17}",
                "process.died com.example.mail 5252 {reason=user detail=remove task}",
                "process.started com.example.shop 8282 {package=com.example.shop hosting=service component=com.example.shop/.Sync}",
                "process.died com.example.shop 8282 {reason=force-stop detail=from pid 4321}",
                // Nothing ever names these pids: their deaths were held for a name until the end.
                "process.died pid 6262 6262 {reason=crash detail=due to signal 11 (Segmentation fault)}",
                "process.died pid 7272 7272 {reason=signal detail=due to signal 9 (Killed)}",
            ])
    }

    /// A `Start proc` line cut before its process name names no app: it is an ordinary line,
    /// not the start of an app called "".
    @Test func aStartProcWithoutAProcessNameStartsNoApp() throws {
        let text = """
            08-29 12:30:05.000  1000  1100 I ActivityManager: Start proc 10010:
            08-29 12:30:05.100  1000  1100 I ActivityManager: Start proc 10011:/u0a60 for service {com.example.shop/.Sync}
            08-29 12:30:05.150  1000  1100 I ActivityManager: Start proc 10012::remote/u0a60 for service {com.example.shop/.Sync}
            08-29 12:30:05.200  1000  1100 I ActivityManager: Start proc  for activity com.example.notes/.EditorActivity: pid=4242 uid=10057
            08-29 12:30:06.000  1000  1100 I ActivityManager: Start proc 8282:com.example.shop/u0a60 for service {com.example.shop/.Sync}
            """
        let (events, summary) = try TraceFixture.ingest(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.started com.example.shop 8282 {package=com.example.shop hosting=service component=com.example.shop/.Sync}"
            ])
        #expect(summary.logLines == 4)
    }

    @Test func evidenceLines() throws {
        let text = """
            01-08 08:00:00.000  4242  4300 E JavaBinder: !!! FAILED BINDER TRANSACTION !!!  (parcel size = 1048576)
            01-08 08:00:00.100  4242  4242 E AndroidRuntime: java.lang.RuntimeException: android.os.TransactionTooLargeException: data parcel size 1048576 bytes
            01-08 08:00:05.000  4242  4242 E AndroidRuntime: Caused by: android.app.ForegroundServiceStartNotAllowedException: startForegroundService() not allowed due to mAllowStartForeground false
            01-08 08:00:05.001  4242  4242 E AndroidRuntime: \tat android.app.ForegroundServiceStartNotAllowedException$1.createFromParcel(ForegroundServiceStartNotAllowedException.java:54)
            01-08 08:00:09.000  4242  4300 E JavaBinder: !!! FAILED BINDER TRANSACTION !!!  (parcel size = 2000000)
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(
            events.map(\.summaryLine) == [
                "evidence.transaction-too-large pid 4242 4242 {bytes=1048576}",
                "evidence.fgs-start-not-allowed pid 4242 4242 {detail=Caused by: android.app.ForegroundServiceStartNotAllowedException: startForegroundService() not allowed due to mAllowStartForeground false}",
                "evidence.transaction-too-large pid 4242 4242 {bytes=2000000}",
            ])
    }

    @Test func freezerLines() throws {
        let text = """
            01-09 17:08:21.711   569   674 D ActivityManager: freezing 826 com.android.permissioncontroller
            01-09 17:08:21.712   569   674 D ActivityManager: froze 826 com.android.permissioncontroller
            01-09 17:09:21.711   569   674 D ActivityManager: sync unfroze 826 com.android.permissioncontroller for 6
            """
        let (events, _) = try TraceFixture.ingest(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.frozen com.android.permissioncontroller 826",
                "process.unfrozen com.android.permissioncontroller 826",
            ])
    }

    @Test func studioProcessMarkers() throws {
        let text = """
            2025-01-24 11:39:16.582  1249-2163  BufferQueueDebug        surfaceflinger                       E  x
            ---------------------------- PROCESS STARTED (2155) for package br.com.ohmybread ----------------------------
            2025-01-24 11:39:17.505  2155-2159  nativeloader            br.com.ohmybread                     D  Load libjdwp.so
            ---------------------------- PROCESS ENDED (2155) for package br.com.ohmybread ----------------------------
            """
        let (events, _) = try TraceFixture.ingest(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.started br.com.ohmybread 2155 {package=br.com.ohmybread}",
                "process.died br.com.ohmybread 2155 {reason=unknown detail=process ended}",
            ])
        #expect(events.map(\.time.iso8601) == ["2025-01-24T11:39:16.582", "2025-01-24T11:39:17.505"])
    }
}

/// Who stopped a process, as an engineer reads it: a force stop is the user's unless its
/// cause names the system (an install, a vendor's power manager).
@Suite struct ForceStopTests {
    @Test func forceStopsSayWhoAskedForThem() throws {
        let text = """
            11-02 15:18:00.000  4027  4078 I ActivityManager: Start proc 29855:im.vector.app/u0a157 for activity {im.vector.app/.Home}
            11-02 15:18:00.001  4027  4078 I ActivityManager: Start proc 29856:com.byd.avc/u0a158 for service {com.byd.avc/.Svc}
            11-02 15:18:00.002  4027  4078 I ActivityManager: Start proc 29857:com.example.notes/u0a159 for activity {com.example.notes/.Editor}
            11-02 15:19:00.136  4027  4078 I ActivityManager: Force stopping im.vector.app appid=10157 user=0: MARs #1
            11-02 15:19:00.137  4027  4078 I ActivityManager: Killing 29855:im.vector.app/u0a157 (adj 700): stop im.vector.app,MARs #1
            11-02 15:19:01.000  4027  4078 I am_kill : [0,29856,com.byd.avc,0,stop com.byd.avc]
            11-02 15:19:02.000  4027  4078 I ActivityManager: Killing 29857:com.example.notes/u0a159 (adj 0): stop com.example.notes due to installPackageLI
            """
        let (events, _) = try TraceFixture.ingest(text)
        #expect(
            events.filter { $0.name.rawValue == "process.died" }.map(\.summaryLine) == [
                "process.died im.vector.app 29855 {reason=force-stop detail=MARs #1 initiator=system}",
                "process.died com.byd.avc 29856 {reason=force-stop detail=stop com.byd.avc}",
                "process.died com.example.notes 29857 {reason=force-stop detail=installPackageLI initiator=system}",
            ])
    }

    @Test func theTimelineSaysForceStoppedNotSystemKill() throws {
        let text = """
            11-02 15:18:00.000  4027  4078 I ActivityManager: Start proc 29856:com.byd.avc/u0a158 for activity {com.byd.avc/.Main}
            11-02 15:18:00.500 29856 29856 I am_on_resume_called: [0,com.byd.avc.Main,RESUME_ACTIVITY]
            11-02 15:19:01.000  4027  4078 I am_kill : [0,29856,com.byd.avc,0,stop com.byd.avc]
            """
        let path = TraceFixture.temporaryFile(name: "force-stop.log", contents: Data(text.utf8)).path
        let timeline = runLifelint(["timeline", "--year", "2024", "--no-config", path]).output
        #expect(timeline.contains("force-stopped"))
        #expect(!timeline.contains("system kill"))
    }
}
