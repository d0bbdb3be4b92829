import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Apple logs as text (docs/formats.md §10): every shape people paste reads into the same events,
/// and RunningBoard, FrontBoard, SpringBoard and UIKit lines become what they prove.
@Suite struct AppleLogTextTests {
    static func read(_ text: String) throws -> (events: [Event], summary: IngestionSummary) {
        try TraceFixture.ingest(text, name: "console.txt", options: TraceReadOptions(year: 2024))
    }

    static func lines(_ events: [Event]) -> [String] {
        events.map { "\($0.source.line) \($0.time.iso8601 ?? "-") \($0.summaryLine)" }
    }

    /// One RunningBoard story in each layout: the app goes to the background and is suspended.
    static let layouts: [(format: String, text: String, times: [String])] = [
        (
            "apple log log-show",
            """
            Timestamp                       Thread     Type        Activity             PID    TTL
            2023-03-01 10:12:13.123456-0800  0x1a2b     Default     0x0                  33     0    runningboardd: (RunningBoard) [com.apple.runningboard:process] [application<com.x.notes>:812] Setting process visibility to: Background
            2023-03-01 10:12:19.000001-0800  0x1a2b     Default     0x0                  33     0    runningboardd: (RunningBoard) [com.apple.runningboard:process] [application<com.x.notes>:812] Suspending task.
            """, ["2023-03-01T10:12:13.123456-08:00", "2023-03-01T10:12:19.000001-08:00"]
        ),
        (
            "apple log log-show-compact",
            """
            Timestamp               Ty Process[PID:TID]
            2023-03-01 10:12:13.123 Df runningboardd[33:1a2b] [com.apple.runningboard:process] [application<com.x.notes>:812] Setting process visibility to: Background
            2023-03-01 10:12:19.000 Df runningboardd[33:1a2b] [com.apple.runningboard:process] [application<com.x.notes>:812] Suspending task.
            """, ["2023-03-01T10:12:13.123", "2023-03-01T10:12:19.000"]
        ),
        (
            "apple log syslog",
            """
            Mar  1 10:12:13 iPhone runningboardd(RunningBoard)[33] <Notice>: [application<com.x.notes>:812] Setting process visibility to: Background
            Mar  1 10:12:19 iPhone runningboardd(RunningBoard)[33] <Notice>: [application<com.x.notes>:812] Suspending task.
            """, ["2024-03-01T10:12:13", "2024-03-01T10:12:19"]
        ),
        (
            "apple log syslog",
            """
            Mar  1 10:12:13 iPhone runningboardd[33]: [application<com.x.notes>:812] Setting process visibility to: Background
            Mar  1 10:12:19 iPhone runningboardd[33]: [application<com.x.notes>:812] Suspending task.
            """, ["2024-03-01T10:12:13", "2024-03-01T10:12:19"]
        ),
        (
            "apple log syslog",
            """
            2023-03-01 10:12:13.123456-0800  localhost runningboardd[33]: (RunningBoard) [com.apple.runningboard:process] [application<com.x.notes>:812] Setting process visibility to: Background
            2023-03-01 10:12:19.000001-0800  localhost runningboardd[33]: (RunningBoard) [com.apple.runningboard:process] [application<com.x.notes>:812] Suspending task.
            """, ["2023-03-01T10:12:13.123456-08:00", "2023-03-01T10:12:19.000001-08:00"]
        ),
        (
            "apple log console",
            """
            default\t2023-03-01 10:12:13.123456-0800\trunningboardd\tRunningBoard\t[application<com.x.notes>:812] Setting process visibility to: Background
            förval\t2023-03-01 10:12:19.000001-0800\trunningboardd\tRunningBoard\t[application<com.x.notes>:812] Suspending task.
            """, ["2023-03-01T10:12:13.123456-08:00", "2023-03-01T10:12:19.000001-08:00"]
        ),
        (
            "apple log console",
            """
            default\trunningboardd\t[application<com.x.notes>:812] Setting process visibility to: Background\t2023-03-01 10:12:13.123456-0800
            default\trunningboardd\t[application<com.x.notes>:812] Suspending task.\t2023-03-01 10:12:19.000001-0800
            """, ["2023-03-01T10:12:13.123456-08:00", "2023-03-01T10:12:19.000001-08:00"]
        ),
        (
            "apple log console",
            """
            default 2023-03-01 10:12:13.123456-0800 runningboardd [application<com.x.notes>:812] Setting process visibility to: Background
            default 2023-03-01 10:12:19.000001-0800 runningboardd [application<com.x.notes>:812] Suspending task.
            """, ["2023-03-01T10:12:13.123456-08:00", "2023-03-01T10:12:19.000001-08:00"]
        ),
    ]

    @Test(arguments: layouts.indices)
    func everyLayoutTellsTheSameStory(index: Int) throws {
        let (format, text, times) = Self.layouts[index]
        let read = try Self.read(text)
        #expect(read.summary.format == format)
        #expect(read.events.map(\.summaryLine) == ["system.background com.x.notes 812 {detail=visibility Background}", "process.frozen com.x.notes 812"])
        #expect(read.events.map { $0.time.iso8601 ?? "-" } == times)
        #expect(read.summary.categoriesAddUp && read.summary.unrecognisedLines == 0)
    }

    /// UIKit names each task it gave up on: three tasks are three expiries, a line repeated is one.
    @Test func eachTaskUIKitNamesIsItsOwnExpiry() throws {
        let line = { (id: Int) in
            "2023-01-10 17:43:24.270137+0000 Notes[38194:10287612] [BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = \(id), taskName = Called by Notes, from -[Sync run], creationTime = 1 (elapsed = 30)."
        }
        let read = try Self.read([line(262), line(171), line(171), line(196)].joined(separator: "\n") + "\n")
        #expect(
            read.events.map { "\($0.source.line) \($0.name.rawValue) \($0.attributes["id"] ?? "-")" } == ["1 bgtask.expired 262", "2 bgtask.expired 171", "4 bgtask.expired 196"])
    }

    /// Appium relays the device's or simulator's log with its own prefix.
    @Test func anAppiumRelayIsReadAsTheLogItCarries() throws {
        let simulator = try Self.read(
            """
            [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.001 Df runningboardd[33:1a2b] [com.apple.runningboard:process] [application<com.x.notes>:812] Setting process visibility to: Background
            [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:09.001 Df runningboardd[33:1a2b] [com.apple.runningboard:process] [application<com.x.notes>:812] Suspending task.
            """)
        let device = try Self.read(
            """
            2015-06-19 20:34:05:820 - info: [IOS_SYSLOG_ROW ] Jun 19 15:34:05 iPhone runningboardd[33]: [application<com.x.notes>:812] Setting process visibility to: Background
            2015-06-19 20:34:05:856 - info: [IOS_SYSLOG_ROW ] Jun 19 15:34:09 iPhone runningboardd[33]: [application<com.x.notes>:812] Suspending task.
            """)
        for read in [simulator, device] {
            #expect(read.events.map(\.summaryLine) == ["system.background com.x.notes 812 {detail=visibility Background}", "process.frozen com.x.notes 812"])
        }
    }

    /// SpringBoard's or assertiond's words pasted without any log prefix, with the holder's name
    /// left out or given as assertiond writes it.
    @Test func expiredAssertionsPastedAloneAreRead() throws {
        let unnamed = try Self.read(
            """
            <app> has active assertions beyond permitted time:\u{20}
                {(
                    <BKProcessAssertion: 0x15531750> identifier: Called by <app>, from -[Sync begin] process: <app>[183] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:183 preventSuspend
                )}
            """)
        #expect(
            unnamed.events.map { "\($0.source.line) \($0.summaryLine)" } == [
                "1 bgtask.expired unknown - {source=system detail=SpringBoard: active assertions beyond permitted time}"
            ])
        let assertiond = try Self.read("[OurApp:24424] Forcing crash report with description: OurApp:24424 has active assertions beyond permitted time:\n")
        #expect(assertiond.events.map(\.summaryLine) == ["bgtask.expired OurApp 24424 {source=system detail=SpringBoard: active assertions beyond permitted time}"])
    }

    @Test func runningBoardStatesBecomePhasesDeathsAndExpiries() throws {
        let read = try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/ios-runningboard-task-expired.log"))
        #expect(
            Self.lines(read.events) == [
                "3 2024-05-02T09:41:02.402511-07:00 system.foreground com.example.notes 812 {detail=RunningBoard: running-active, role UserInteractiveFocal}",
                "5 2024-05-02T09:41:30.998002-07:00 system.background com.example.notes 812 {detail=visibility Background}",
                "8 2024-05-02T09:42:00.902344-07:00 bgtask.expired com.example.notes 812 {source=system detail=RunningBoard: active assertions beyond permitted time}",
                "9 2024-05-02T09:42:00.903120-07:00 process.died com.example.notes 812 {reason=killed initiator=system detail=Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGKILL(9)>>}",
            ])
        #expect(read.summary.structuralLines == 3 && read.summary.categoriesAddUp)
    }

    @Test func aStateRepeatedIsOneEventAndAResumeNeedsASuspension() throws {
        let read = try Self.read(
            """
            default\t15:37:51.254136+0530\trunningboardd\t[application<com.x.app>:2583] Resuming task.
            default\t15:37:51.255249+0530\trunningboardd\tCalculated state for application<com.x.app>: running-active (role: UserInteractiveFocal)
            default\t15:37:51.255250+0530\trunningboardd\tCalculated state for application<com.x.app>: running-active (role: UserInteractiveFocal)
            default\t15:37:51.255793+0530\tSpringBoard\t[application<com.x.app>:2583] Setting process visibility to: Foreground
            default\t15:38:20.000000+0530\trunningboardd\tCalculated state for application<com.x.app>: running-suspended (role: None)
            default\t15:38:20.000100+0530\trunningboardd\t[application<com.x.app>:2583] Suspending task.
            default\t15:40:02.000000+0530\trunningboardd\t[application<com.x.app>:2583] Resuming task.
            """)
        #expect(
            read.events.map(\.summaryLine) == [
                "system.foreground com.x.app 2583 {detail=RunningBoard: running-active, role UserInteractiveFocal}",
                "system.background com.x.app 2583 {detail=RunningBoard: running-suspended, role None}",
                "process.frozen com.x.app 2583", "process.unfrozen com.x.app 2583",
            ])
    }

    @Test func aHelperProcessNamesTheAppsPidButProvesNothingAboutIt() throws {
        let read = try Self.read(
            """
            default\t14:55:04.002595+0100\trunningboardd\t[xpcservice<com.apple.WebKit.WebContent([application<com.x.app>:716])>:721:721] Suspending task.
            default\t14:55:04.002696+0100\trunningboardd\tCalculated state for xpcservice<com.apple.WebKit.WebContent([application<com.x.app>:716])>:717: none (role: None)
            default\t14:55:04.003000+0100\trunningboardd\t[app<application.com.x.mac.72555345.72555351(503)>:5752] Ignoring suspend because this process is not lifecycle managed
            """)
        #expect(read.events.isEmpty)
    }

    @Test func deathsAreReadOnceWithWhatTheSystemSaid() throws {
        let read = try Self.read(
            """
            Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.x.app>:796] Process exited: <FBProcessExitContext; watchdog ("watchdog provision violated")>.
            Nov 12 12:24:57 iPad runningboardd(RunningBoard)[31] <Notice>: Removing assertions for terminated process: [application<com.x.app>:796]
            Nov 12 12:25:30 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.x.other>:801] termination reported by launchd (2, 10, 10)
            Nov 12 12:26:00 iPad SpringBoard[510] <Notice>: [com.x.third] com.x.third application state changed to Terminated
            Thu Nov 25 11:30:02 phone com.apple.launchd[1] (UIKitApplication:jp.co.x.BT[0xc343][4821]) : (UIKitApplication:jp.co.x.BT[0xc343]) Exited: Killed
            """)
        #expect(
            read.events.map(\.summaryLine) == [
                #"process.died com.x.app 796 {reason=watchdog initiator=system detail=Process exited: <FBProcessExitContext; watchdog ("watchdog provision violated")>.}"#,
                "process.died com.x.other 801 {reason=unknown initiator=unknown detail=termination reported by launchd (2, 10, 10)}",
                "process.died com.x.third - {reason=unknown initiator=unknown detail=application state changed to Terminated}",
                "process.died jp.co.x.BT 4821 {reason=killed initiator=system detail=launchd: Exited: Killed}",
            ])
    }

    @Test func oneDeathAndOneExpiryEachHoweverManyLinesSayIt() throws {
        let read = try Self.read(
            """
            default\t08:00:54.100000-0600\trunningboardd\t[application<com.x.app>:432] Setting process visibility to: Foreground
            default\t08:00:55.000000-0600\tSpringBoard\t[application<com.x.app>:432] Setting process visibility to: Background
            default\t08:00:56.000000-0600\trunningboardd\t[application<com.x.app>:432] has active assertions beyond permitted time: {(…)}
            default\t08:00:56.000200-0600\trunningboardd\t[application<com.x.app>:432] has active assertions beyond permitted time: {(…)}
            default\t08:00:57.000000-0600\tSpringBoard\t[com.x.app] com.x.app application state changed to Terminated
            default\t08:00:57.000100-0600\trunningboardd\t[application<com.x.app>:432] termination reported by launchd (2, 10, 10)
            default\t08:00:57.000200-0600\trunningboardd\t[application<com.x.app>:432] Terminating with context: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression | ProcessVisibility: Background | WatchdogEvent: scene-update>
            """)
        #expect(read.events.map(\.name.rawValue) == ["system.foreground", "system.background", "bgtask.expired", "process.died"])
        // UIKit (the app's line) and RunningBoard report one expiry of pid 432.
        let both = try Self.read(
            """
            Mar  3 08:15:46 iPhone MyApp[432] <Notice>: [BackgroundTask] Background task still not ended after expiration handlers were called: taskID = 7, taskName = Upload
            Mar  3 08:15:46 iPhone runningboardd(RunningBoard)[33] <Notice>: [application<com.x.app>:432] has active assertions beyond permitted time: {(…)}
            """)
        #expect(
            both.events.map(\.summaryLine) == [
                "bgtask.expired com.x.app 432 {source=system detail=UIKit: background task still not ended after expiration handlers were called id=7 task=Upload}"
            ])
    }

    @Test func aWatchdogKillSeenInTheLogCarriesWhatItsContextSays() throws {
        let read = try Self.read(
            """
            Nov 12 12:24:57 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.x.app>:796] Terminating with context: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: exhausted real (wall clock) time allowance of 10.00 seconds | ProcessVisibility: Background | WatchdogEvent: scene-update>
            Nov 12 12:25:30 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.x.other>:801] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGTERM(15)>>
            """)
        #expect(
            read.events.map {
                "\($0.app) \($0.attributes["reason"]!) \($0.attributes["initiator"]!) \($0.attributes["visibility"] ?? "-") \($0.attributes["watchdog_event"] ?? "-")"
            } == [
                "com.x.app watchdog system background scene-update", "com.x.other killed unknown - -",
            ])
        let findings = try TraceFixture.ingestFindings(
            "Nov 12 12:24:57 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.x.app>:796] Terminating with context: <RBSTerminateContext| code:0x8BADF00D | ProcessVisibility: Background | WatchdogEvent: scene-update>\n",
            rules: try RuleCatalog.builtIn().rules)
        #expect(findings.map(\.ruleID) == ["watchdog-kill-in-background"])
    }

    @Test func onlyTheFocalRoleIsTheForeground() throws {
        let read = try Self.read(
            """
            default\t08:00:54.158902-0600\trunningboardd\tRunningBoard\tCalculated state for application<com.x.app>: running-active (role: UserInteractiveNonFocal)
            default\t23:29:45.466555-0700\trunningboardd\tCalculated state for app<application.com.mowglii.ItsycalApp.55996869.55996875(501)>: running-active (role: UserInteractiveFocal)
            """)
        #expect(read.events.isEmpty)
    }

    @Test func afterABareLineAnotherBareLineIsTheAppsPrintNotAContinuation() throws {
        let read = try Self.read(
            """
            lifelint: persist.begin key=draft
            Saved draft ok
            """)
        #expect(read.events.map(\.summaryLine) == ["persist.begin unknown - {key=draft}"])
        #expect(read.summary.logLines == 1 && read.summary.continuationLines == 0)
    }

    @Test func theAppsOwnLinesGoUnderItsBundleOnceASystemLineNamesItsPid() throws {
        let read = try Self.read(
            """
            2024-05-02 09:41:31.006551-0700 Notes[812:33019] lifelint: input.edited field=body
            2024-05-02 09:41:31.100000-0700 Other[900:1] lifelint: input.edited field=title
            2024-05-02 09:41:32.000000-0700 SpringBoard[61:2] [application<com.x.notes>:812] Setting process visibility to: Background
            2024-05-02 09:41:33.000000-0700 Notes[812:33019] lifelint: persist.begin key=draft
            """)
        #expect(
            read.events.map(\.summaryLine) == [
                "input.edited com.x.notes 812 {field=body}", "system.background com.x.notes 812 {detail=visibility Background}",
                "persist.begin com.x.notes 812 {key=draft}", "input.edited Other 900 {field=title}",
            ])
    }

    @Test func aHardWrappedUIKitWarningIsReadWholeAtItsFirstLine() throws {
        let read = try Self.read(
            """
            2023-08-04 10:50:17.838280-0400 Jetpack[60050:4787549] [BackgroundTask] Background task still not\u{20}
            ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x15523b7e0>: taskID = 30,\u{20}
            taskName = Called by Jetpack, from $s9WordPress0aB11AppDelegate, creationTime = 401007 (elapsed = 26).
            > [BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x28030d540>: taskID = 19939, taskName = Called by Appboy_iOS_SDK, from -[ABKService processRequest:], creationTime = 143988 (elapsed = 2).
            """)
        // The app's own line waits for a system line to name its pid (none comes); an event
        // of no process passes at once.
        #expect(
            Self.lines(read.events).sorted() == [
                "1 2023-08-04T10:50:17.838280-04:00 bgtask.expired Jetpack 60050 {source=system detail=UIKit: background task still not ended after expiration handlers were called id=30 task=Called by Jetpack}",
                "4 - bgtask.expired unknown - {source=system detail=UIKit: background task still not ended after expiration handlers were called id=19939 task=Called by Appboy_iOS_SDK}",
            ])
        #expect(read.summary.continuationLines == 2 && read.summary.categoriesAddUp)
    }

    @Test func consoleTimesWithoutADateTakeTheFilesDayAndStepOverMidnight() throws {
        let url = TraceFixture.temporaryFile(
            name: "console.txt",
            contents: Data(
                """
                default\t23:59:58.500000+0100\tSpringBoard\t[application<com.x.app>:5] Setting process visibility to: Background
                default\t00:00:03.000000+0100\trunningboardd\t[application<com.x.app>:5] Suspending task.
                """.utf8))
        let time = timespec(tv_sec: 1_704_067_200 + 3600, tv_nsec: 0)  // 2024-01-01T01:00Z
        var times = [time, time]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        let read = try TraceReader.events(atPath: url.path)
        // Saved at 02:00 local time on 1 January: a capture that starts at 23:59 began the day before.
        #expect(read.events.map { $0.time.iso8601 ?? "-" } == ["2023-12-31T23:59:58.500000+01:00", "2024-01-01T00:00:03.000000+01:00"])
        #expect(read.summary.assumedDay?.iso8601Date == "2023-12-31")
        #expect(YearNote.text(for: [read.summary]) == "lifelint: note: \(url.path) has times without a date; 2023-12-31 was taken from the file's modification time")
    }

    @Test func flutterRunOutputReadsTheDeviceLogNotItsEcho() throws {
        let read = try Self.read(
            """
            [   +1 ms] An Observatory debugger and profiler on iPhone 8 is available at: http://127.0.0.1:61297/oZ0Jy_CU5q8=/
            [+172460 ms] [DEVICE LOG] 2020-03-11 15:33:52.713318+0200  localhost Runner[31898]: (Flutter) flutter: AppLifecycleState.inactive
            [        ] flutter: AppLifecycleState.inactive
            [ +655 ms] [DEVICE LOG] 2020-03-11 15:33:53.334223+0200  localhost Runner[31898]: (Flutter) flutter: AppLifecycleState.paused
            [        ] flutter: AppLifecycleState.paused
            """)
        #expect(read.summary.format == "apple log syslog")
        #expect(Self.lines(read.events) == ["2 2020-03-11T15:33:52.713318+02:00 flutter.inactive Runner 31898", "4 2020-03-11T15:33:53.334223+02:00 flutter.paused Runner 31898"])
        #expect(read.events.allSatisfy { $0.platform == .flutter })
    }

    @Test func mappingsUseTheSubsystemCategoryOrProcessAsTheTag() throws {
        let mapping = LineMapping(tag: "com.x.notes", message: .prefix("Saved draft"), event: "persist.end")
        let text = """
            2024-05-02 09:41:31.000 Df Notes[812:1] [com.x.notes:storage] Saved draft 17
            2024-05-02 09:41:32.000 Df Notes[812:1] [com.x.other:storage] Saved draft 18
            """
        let read = try TraceFixture.ingest(text, options: TraceReadOptions(year: 2024, mappings: [mapping]))
        #expect(read.events.map(\.summaryLine) == ["persist.end Notes 812 {text=17}"])
    }
}

@Suite struct YearNoteTests {
    private func summary(_ path: String, day: CivilDateTime? = nil, year: Int? = nil) -> IngestionSummary {
        var summary = IngestionSummary(path: path, format: "console")
        summary.yearSource = .fileModificationTime
        summary.assumedDay = day
        summary.assumedYear = year
        return summary
    }

    @Test func severalTracesWithoutADateNameTheirDays() {
        let days = [CivilDateTime(year: 2023, month: 12, day: 31), CivilDateTime(year: 2024, month: 1, day: 2)]
        #expect(
            YearNote.text(for: [summary("a.txt", day: days[0]), summary("b.txt", day: days[1])])
                == "lifelint: note: 2 traces have times without a date; 2023-12-31, 2024-01-02 was taken from the files' modification time")
        #expect(
            YearNote.text(for: [summary("a.txt", day: days[0]), summary("c.log", year: 2022)])
                == "lifelint: note: 2 traces have times without a year; 2022, 2023 was taken from the files' modification time (use --year to set it)")
    }
}
