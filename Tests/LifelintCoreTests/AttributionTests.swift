import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Every line names the process it can: late names, tokens, components, payload pids,
/// processes of one package, and a bound on what waits for a name.
@Suite struct AttributionTests {
    static func names(_ text: String) throws -> [String] {
        try TraceFixture.ingest(text).events.map { "\($0.source.line) \($0.name) \($0.app)" }
    }

    /// Android 10: the app's callbacks carry the class, the system's lines the package; the
    /// system line may come before or after.
    @Test func aComponentNamesTheProcessThatLoggedItsCallbacks() throws {
        #expect(
            try Self.names(
                """
                10-02 07:54:22.485  6254  6272 I am_pause_activity: [0,72872426,vn.vietmap.live/.MainActivity,userLeaving=false]
                10-02 07:54:22.532 17436 17436 I am_on_paused_called: [0,vn.vietmap.live.MainActivity,performPause]
                10-02 07:54:22.578 17436 17436 I am_on_stop_called: [0,vn.vietmap.live.MainActivity,STOP_ACTIVITY_ITEM]
                """) == ["2 activity.paused vn.vietmap.live", "3 activity.stopped vn.vietmap.live"])
        #expect(
            try Self.names(
                """
                10-02 07:54:22.578 17436 17436 I am_on_stop_called: [0,vn.vietmap.live.MainActivity,STOP_ACTIVITY_ITEM]
                10-02 07:54:24.020  6254  6272 I am_destroy_activity: [0,72872426,2462,vn.vietmap.live/.MainActivity,finish-imm:finishAllActivitiesLocked]
                """) == ["1 activity.stopped vn.vietmap.live"])
    }

    /// Android 11+: the app's `wm_on_*_called` and the system's `wm_*_activity` share a token.
    @Test func aTokenNamesTheProcess() throws {
        #expect(
            try Self.names(
                """
                05-14 10:00:00.100  2000  2000 I wm_on_paused_called: [134036600,com.android.launcher3.uioverrides.QuickstepLauncher,performPause,3]
                05-14 10:00:00.200   628   700 I wm_stop_activity: [0,134036600,com.android.launcher3/.uioverrides.QuickstepLauncher]
                """) == ["1 activity.paused com.android.launcher3"])
    }

    /// A pid named only when it dies: the events before are filed under the name.
    @Test func aLaterDeathNamesTheEventsBeforeIt() throws {
        #expect(
            try Self.names(
                """
                05-14 10:00:00.100  4242  4242 I am_on_resume_called: [0,com.example.notes.EditorActivity,RESUME_ACTIVITY]
                05-14 10:00:00.200  4242  4242 I lifelint: input.edited field=body
                05-14 10:00:05.000  5000  5000 I lifelint: input.edited field=other
                05-14 10:05:00.000   702   702 I Zygote  : Process 4242 exited due to signal 9 (Killed)
                05-14 10:05:00.010   628   700 I ActivityManager: Process com.example.notes (pid 4242) has died: cch+15 CEM
                """) == [
                    "1 activity.resumed com.example.notes", "2 input.edited com.example.notes", "4 process.died com.example.notes",
                    "3 input.edited pid 5000",
                ])
    }

    /// Lines that say only which package a pid runs: the app's own `ActivityThread`, and
    /// MediaTek's power HAL.
    @Test func namingLinesNameTheirPid() throws {
        #expect(
            try Self.names(
                """
                05-10 05:11:41.309 16682 16682 I wm_on_stop_called: [Token=3096868,Component Name=de.danoeh.antennapod.activity.MainActivity,Reason=STOP_ACTIVITY_ITEM,time=1ms]
                05-10 05:11:42.813 16682 16682 I ActivityThread: ApplicationInfo updating for de.danoeh.antennapod, new timestamp: 1807446149
                02-15 19:41:49.308   797   797 I Zygote  : Process 29981 exited due to signal 9 (Killed)
                02-15 19:41:49.315   841   935 I libPowerHal: [perfNotifyAppState] pack:com.google.android.cellbroadcastreceiver, pid:29981, STATE_DEAD
                """) == ["1 activity.stopped de.danoeh.antennapod", "3 process.died com.google.android.cellbroadcastreceiver"])
    }

    /// system_server writes `am_anr` about the app: the payload's pid is the event's.
    @Test func thePidInThePayloadWins() throws {
        let events = try TraceFixture.ingest(
            """
            05-14 10:00:00.000   628   700 I am_anr  : [0,2946,com.android.mms,952745541,Input dispatching timed out]
            """
        ).events
        #expect(events.map(\.summaryLine) == ["evidence.anr com.android.mms 2946 {detail=Input dispatching timed out}"])
    }

    /// Android 4.x payloads have no user id; the same death reported three ways is one.
    @Test func androidFourPayloadsAndOneDeathThreeWays() throws {
        let events = try TraceFixture.ingest(
            """
            12-24 03:21:59.990  1097  1110 I ActivityManager: No longer want net.pmarks.chromadoze (pid 18971): hidden #16
            12-24 03:21:59.999  1097  1110 I am_kill : [18971,net.pmarks.chromadoze,14,too many background]
            12-24 03:22:00.005  1097  1110 I am_proc_died: [18971,net.pmarks.chromadoze]
            12-24 03:22:05.116  1097  1110 I am_proc_start: [19168,10046,net.pmarks.chromadoze,service,net.pmarks.chromadoze/.NoiseService]
            """
        ).events
        #expect(
            events.map(\.summaryLine) == [
                "process.died net.pmarks.chromadoze 18971 {reason=killed detail=no longer wanted: hidden #16}",
                "process.started net.pmarks.chromadoze 19168 {package=net.pmarks.chromadoze hosting=service component=net.pmarks.chromadoze/.NoiseService}",
            ])
    }

    /// `com.byd.launcher:wake` is a process of its own: its death is not the app's.
    @Test func aSecondaryProcessDiesOnItsOwn() throws {
        let text = """
            10-02 07:54:20.000  6254  6281 I am_proc_start: [0,15742,10163,com.byd.launcher,activity,{com.byd.launcher/.Home}]
            10-02 07:54:20.100  6254  6281 I am_proc_start: [0,15818,10163,com.byd.launcher:wake,service,{com.byd.launcher/.Wake}]
            10-02 07:54:20.500 15742 15742 I am_on_resume_called: [0,com.byd.launcher.Home,RESUME_ACTIVITY]
            10-02 07:54:24.190  6254  7192 I am_proc_died: [0,15818,com.byd.launcher:wake,200,5]
            10-02 07:54:30.000  6254  7192 I ActivityManager: Slow operation: 52ms so far
            """
        let (events, _) = try TraceFixture.ingest(text)
        #expect(
            events.filter { $0.name.rawValue == "process.died" }.map(\.summaryLine) == [
                "process.died com.byd.launcher 15818 {reason=unknown process=com.byd.launcher:wake}"
            ])
        let phases = TraceFixture.derive(events).map(\.name.rawValue).filter { $0.hasPrefix("phase.") }
        #expect(phases == ["phase.cold-start", "phase.active"], "the main process is still running")
    }

    /// A comment pasted into a log is not a continuation of the line before it.
    @Test func aPastedCommentIsUnrecognised() throws {
        let (_, summary) = try TraceFixture.ingest(
            """
            05-14 10:00:00.000   628   700 I ActivityManager: Slow operation
            # system side
            05-14 10:00:01.000   628   700 I ActivityManager: Slow operation
            """)
        #expect(summary.unrecognisedLines == 1 && summary.firstUnrecognisedLines == [2] && summary.continuationLines == 0)
    }

    /// What waits for a name is bounded: past the capacity, the oldest process's events go out
    /// under `pid N`, in order, and are counted.
    @Test func heldEventsAreBounded() {
        var attribution = ProcessAttribution(capacity: 3)
        var released: [String] = []
        func event(_ pid: Int32, _ line: Int) -> Event {
            Event(
                time: .unknown, app: Event.appName(forUnknownPid: pid), pid: pid, platform: .android, name: EventName(rawValue: "activity.resumed"),
                source: SourceLocation(path: "t", line: line))
        }
        for (line, pid) in [(1, 10), (2, 11), (3, 10), (4, 12)] as [(Int, Int32)] {
            attribution.deliver(event(pid, line)) { released.append("\($0.source.line) \($0.app)") }
        }
        #expect(released == ["1 pid 10", "3 pid 10"])
        attribution.deliver(event(10, 5)) { released.append("\($0.source.line) \($0.app)") }
        #expect(released.last == "5 pid 10", "a released process's later events pass at once, in order")
        attribution.name(pid: 11, process: "com.example.b") { released.append("\($0.source.line) \($0.app)") }
        attribution.finish { released.append("\($0.source.line) \($0.app)") }
        #expect(released == ["1 pid 10", "3 pid 10", "5 pid 10", "2 com.example.b", "4 pid 12"])
        #expect(attribution.unnamedProcesses == 2)
    }

    /// Before Android 14 a callback line has no duration: the system's request times it.
    @Test func aSlowPauseIsTheGapFromTheRequest() throws {
        let text = """
            05-14 05:14:57.913   628   700 I am_pause_activity: [0,12345678,com.example.mail/.Inbox,userLeaving=true]
            05-14 05:15:08.933  3100  3100 I am_on_paused_called: [0,com.example.mail.Inbox,performPause]
            05-14 05:15:09.000   628   700 I am_pause_activity: [0,12345678,com.example.mail/.Inbox,userLeaving=true]
            05-14 05:15:09.040  3100  3100 I am_on_paused_called: [0,com.example.mail.Inbox,performPause]
            """
        #expect(
            try TraceFixture.ingest(text).events.map(\.summaryLine) == [
                "activity.paused com.example.mail 3100 {component=com.example.mail.Inbox reason=performPause duration_ms=11020 duration_from=system-request}",
                "activity.paused com.example.mail 3100 {component=com.example.mail.Inbox reason=performPause duration_ms=40 duration_from=system-request}",
            ])
        let findings = try TraceFixture.ingestFindings(text, rules: RuleCatalog.builtIn().rules)
        #expect(
            findings.map { "\($0.location.line) \($0.message)" } == [
                "2 com.example.mail: activity.paused (com.example.mail.Inbox) came 11020 ms after the system asked for it, over the 500ms the system waits"
            ])
    }

    /// The pid table keeps every pid it is given, finds each again, and replaces a value in place:
    /// the pids Linux hands out (below 2^22) and any other number a damaged trace holds.
    @Test func thePidTableFindsEveryPid() {
        var table = PidTable<Int>()
        let linux: [Int32] = (0..<50_000).map { Int32($0) * 7 + 3 } + [0, (1 << 22) - 1]
        let negative: [Int32] = (0..<20_000).map { -1 - Int32($0) * 5 }
        let large: [Int32] = (0..<20_000).map { Int32(1 << 22) + Int32($0) * 13 }
        let pids = linux + negative + large + [Int32.min, Int32.max]
        for (index, pid) in pids.enumerated() { table[pid] = index }
        #expect(table.pids.count == pids.count)
        #expect(pids.indices.allSatisfy { table[pids[$0]] == $0 })
        #expect(pids.allSatisfy { table[$0] != nil })
        #expect(table[1] == nil)
        #expect(table[-2] == nil)
        #expect(table[(1 << 22) + 1] == nil)
        table[Int32.min] = -1
        #expect(table[Int32.min] == -1)
        #expect(table.pids.count == pids.count)
    }
}
