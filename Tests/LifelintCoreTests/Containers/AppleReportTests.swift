import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Apple crash, termination and JetsamEvent reports (docs/formats.md §9): one `process.died` per
/// death, with the reason an iOS engineer reads from the codes, in every form people send.
@Suite struct AppleReportTests {
    static func deaths(_ text: String) throws -> [String] {
        let read = try TraceFixture.ingest(text, name: "report.txt")
        #expect(read.summary.categoriesAddUp)
        return read.events.map { "\($0.source.line) \($0.time.iso8601 ?? "-") \($0.summaryLine)" }
    }

    @Test func theSamplesReadAsTheirStories() throws {
        let lock = try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/ios-killed-holding-lock.crash"))
        #expect(
            lock.events.map(\.summaryLine) == [
                "process.died com.example.journal 4410 {reason=lock-held-at-suspension initiator=system code=0xdead10cc namespace=RUNNINGBOARD visibility=background exception=EXC_CRASH (SIGKILL) process=Journal}"
            ])
        #expect(lock.events.first?.source.line == 21 && lock.summary.format == "apple crash report (text)")
        let watchdog = try TraceReader.events(atPath: RepositoryPaths.path("SampleLogs/ios-watchdog-in-background.ips"))
        #expect(watchdog.summary.format == "apple report (ips 309)")
        #expect(
            watchdog.events.map { "\($0.time.iso8601!) \($0.app) \($0.pid!) \($0.attributes["reason"]!) \($0.attributes["visibility"]!) \($0.attributes["watchdog_event"]!)" } == [
                "2024-03-05T08:12:43.9127+01:00 com.example.journal 5127 watchdog background scene-update"
            ])
    }

    @Test func anExcerptWithoutItsHeaderStillSaysWhoAndWhy() throws {
        #expect(
            try Self.deaths(
                """
                >Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
                Termination Description: SPRINGBOARD, scene-create watchdog transgression: org.wordpress exhausted CPU time allowance of 4.41 seconds | ProcessVisibility: Background | WatchdogEvent: scene-create
                """) == [
                    "1 - process.died org.wordpress - {reason=watchdog initiator=system code=0x8badf00d namespace=SPRINGBOARD visibility=background watchdog_event=scene-create detail=SPRINGBOARD, scene-create watchdog transgression: org.wordpress exhausted CPU time allowance of 4.41 seconds | ProcessVisibility: Background | WatchdogEvent: scene-create}"
                ])
        #expect(
            try Self.deaths(
                """
                Exception Type:  EXC_CRASH (SIGKILL)
                Exception Codes: 0x0000000000000000, 0x0000000000000000
                Termination Reason: RUNNINGBOARD 0xdead10cc\u{20}
                """) == ["3 - process.died unknown - {reason=lock-held-at-suspension initiator=system code=0xdead10cc namespace=RUNNINGBOARD exception=EXC_CRASH (SIGKILL)}"])
    }

    /// A launch the watchdog timed in the foreground, which the user left before the kill: the
    /// watchdog's own visibility says what it timed.
    @Test func theWatchdogsVisibilityDecides() throws {
        let deaths = try Self.deaths(
            """
            Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
            Termination Description: SPRINGBOARD, scene-create watchdog transgression: application<com.x.notes>:812 exhausted real (wall clock) time allowance of 19.98 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: scene-create | WatchdogVisibility: Foreground
            """)
        #expect(deaths.count == 1 && deaths[0].contains(" visibility=foreground watchdog_event=scene-create "), "\(deaths)")
    }

    /// A non-fatal condition ended nothing; a simulated report ended nothing unless it names the
    /// kill that followed it (a watchdog's report is simulated, then the watchdog kills).
    @Test func aReportThatIsNotACrashIsNoDeathUnlessItNamesTheKill() throws {
        #expect(
            try Self.deaths(
                """
                Incident Identifier: 1B7C2B8E-2C4B-4E55-9B1F-4B5D0A3E7C11
                Process:             Notes [4410]
                Identifier:          com.x.notes
                Exception Type:  EXC_GUARD
                Exception Subtype: GUARD_TYPE_MACH_PORT
                Exception Note:  SIMULATED (this is NOT a crash)
                """
            ).isEmpty)
        let watchdog = try Self.deaths(
            """
            Incident Identifier: 1B7C2B8E-2C4B-4E55-9B1F-4B5D0A3E7C11
            Process:             Notes [4410]
            Identifier:          com.x.notes
            Exception Type:  00000020
            Exception Codes: 0x000000008badf00d
            Exception Note:  SIMULATED (this is NOT a crash)
            """)
        #expect(watchdog.count == 1 && watchdog[0].contains("reason=watchdog"), "\(watchdog)")
        let ips =
            #"{"app_name":"Notes","bundleID":"com.x.notes","bug_type":"309","timestamp":"2024-03-05 08:12:43.00 +0100","os_version":"iPhone OS 17.3"}"# + "\n"
            + #"{"pid": 4410, "procName": "Notes", "isNonFatal": true, "exception": {"type": "EXC_CRASH", "signal": "SIGKILL"}, "termination": {"namespace": "FRONTBOARD", "code": 2343432205}}"#
        #expect(try Self.deaths(ips).isEmpty)
        #expect(try Self.deaths(ips.replacingOccurrences(of: #""isNonFatal": true"#, with: #""isNonFatal": false"#)).count == 1)
        #expect(try Self.deaths(ips.replacingOccurrences(of: #""isNonFatal": true"#, with: #""isSimulated": true"#)).count == 1)
    }

    /// Reports from before `WatchdogEvent:` say the step in words.
    @Test func olderWatchdogReportsSayTheStepInWords() throws {
        let launch = try Self.deaths(
            """
            Exception Type:  00000020
            Exception Codes: 0x000000008badf00d
            Highlighted Thread:  0

            Application Specific Information:
            com.x.notes failed to launch in time
            """)
        #expect(launch.count == 1 && launch[0].contains(" visibility=foreground watchdog_event=process-launch"), "\(launch)")
        let assertions = try Self.deaths(
            """
            Exception Type:  00000020
            Exception Codes: 0x000000008badf00d
            Highlighted Thread:  4

            Application Specific Information:
            Notes[4410] has active assertions beyond permitted time:
            {(
                <BKProcessAssertion: 0x15d3b2a0> identifier: Called by Notes, from -[AppDelegate applicationDidEnterBackground:] process: Notes[4410] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:4410 preventSuspend  preventIdleSleep  preventSuspendOnSleep
            )}
            """)
        // The background task still held is said where the report says it, beside the kill.
        #expect(assertions.count == 2 && assertions[1].contains(" visibility=background watchdog_event=process-exit"), "\(assertions)")
        #expect(assertions.first?.hasPrefix("6 - bgtask.expired Notes 4410 {source=system detail=crash report: active assertions beyond permitted time}") == true, "\(assertions)")
    }

    @Test func codesAreReadInEverySpelling() {
        for text in ["Code 0x8badf00d", "code:0x8BADF00D", "0x000000008badf00d", "FRONTBOARD 2343432205 "] {
            #expect(AppleTermination.code(in: Substring(text)) == 0x8bad_f00d, "\(text)")
        }
        #expect(AppleTermination.code(in: "Code 23434322050") == nil)
    }

    /// The byte scan finds what a search of the lowercased text for each code would: `0x` after
    /// other digits or letters, a longer hex run that starts with a code, a decimal word next to
    /// a letter but not next to a number character, and the smallest of several codes.
    @Test func codesAreFoundAsASearchOfTheTextWould() {
        let expected: [(String, UInt32?)] = [
            ("10x8BADF00D", 0x8bad_f00d), ("a0X000000008badf00d", 0x8bad_f00d), ("0x8badf00d1", 0x8bad_f00d),
            ("0x2343432205", 0x8bad_f00d), ("x2343432205y", 0x8bad_f00d), ("²2343432205", nil), ("2343432205½", nil),
            ("0xdead10cc then 0x8badf00d", 0x8bad_f00d), ("0x0000000dead10cc", nil), ("0x", nil), ("", nil),
            ("0x00000000", nil), ("99999999999999999999", nil), ("3735883980", 0xdead_10cc),
        ]
        for (text, code) in expected { #expect(AppleTermination.code(in: Substring(text)) == code, "\(text)") }
    }

    @Test func aCrashIsACrashEvenWithATerminationReason() throws {
        #expect(
            try Self.deaths(
                """
                Incident Identifier: 1A2B
                Process:             Roam [5271]
                Identifier:          com.x.roam
                Date/Time:           2024-05-29 18:24:41.5562 -0700

                Exception Type:  EXC_BAD_ACCESS (SIGSEGV)
                Termination Reason: Namespace SIGNAL, Code 0xb
                """) == [
                    "7 2024-05-29T18:24:41.5562-07:00 process.died com.x.roam 5271 {reason=crash initiator=crash namespace=SIGNAL exception=EXC_BAD_ACCESS (SIGSEGV) process=Roam}"
                ])
    }

    @Test func aPastedJSONFragmentIsReadMemberByMember() throws {
        #expect(
            try Self.deaths(
                """
                  "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGKILL"},
                  "termination" : {"code":2343432205,"flags":6,"namespace":"FRONTBOARD","reasons":["<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<au.com.x.podcasts>:11304 exhausted real (wall clock) time allowance of 10.00 seconds","ProcessVisibility: Background","WatchdogEvent: scene-update"]},
                """) == [
                    "2 - process.died au.com.x.podcasts 11304 {reason=watchdog initiator=system code=0x8badf00d namespace=FRONTBOARD visibility=background watchdog_event=scene-update exception=EXC_CRASH (SIGKILL) detail=<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<au.com.x.podcasts>:11304 exhausted real (wall clock) time allowance of 10.00 seconds}"
                ])
    }

    @Test func aJetsamEventKillsEachProcessItNamesWithAReason() throws {
        let text = #"""
            {"bug_type":"298","timestamp":"2020-10-15 17:29:58.79 +0100","os_version":"iPhone OS 14.2"}
            {
              "date" : "2020-10-15 17:29:58.79 +0100",
              "largestProcess" : "Notes",
              "processes" : [
              {"pid" : 2527, "name" : "wifianalyticsd", "reason" : "highwater", "states" : ["daemon", "idle"]},
              {"pid" : 812, "name" : "Notes", "states" : ["frontmost"]},
              {"pid" : 900, "name" : "Journal", "reason" : "per-process-limit", "states" : ["suspended"]}
              ]
            }
            """#
        #expect(
            try Self.deaths(text) == [
                "6 2020-10-15T17:29:58.79+01:00 process.died wifianalyticsd 2527 {reason=jetsam-highwater initiator=system state=daemon,idle}",
                "8 2020-10-15T17:29:58.79+01:00 process.died Journal 900 {reason=jetsam-per-process-limit initiator=system state=suspended}",
            ])
    }

    @Test func aResourceReportsKillIsAtTheHeadersTime() throws {
        #expect(
            try Self.deaths(
                """
                {"app_name":"MapMyRun","timestamp":"2018-09-22 08:59:45.18 -0500","bundleID":"com.x.run","bug_type":"206","name":"MapMyRun"}
                Date/Time:       2018-09-22 08:58:50.113113 -0500
                Command:         MapMyRun
                PID:             2489

                Event:           cpu usage
                Action taken:    Process killed
                CPU:             48 seconds cpu time over 54 seconds (88% cpu average), exceeding limit of 80% cpu over 60 seconds
                """) == ["7 2018-09-22T08:59:45.18-05:00 process.died com.x.run 2489 {reason=cpu-limit initiator=system process=MapMyRun}"])
    }

    @Test func aResourceReportWhoseActionWasNoneEndedNothing() throws {
        let read = try TraceFixture.ingest(
            """
            {"app_name":"Notes","timestamp":"2018-09-22 08:59:45.18 -0500","bundleID":"com.x.notes","bug_type":"145","name":"Notes"}
            Date/Time:       2018-09-22 08:58:50.113113 -0500
            Command:         Notes
            PID:             2489

            Event:           disk writes
            Action taken:    none
            Writes:          1073.75 MB of file backed memory dirtied over 2430 seconds
            """, name: "report.txt")
        #expect(read.events.isEmpty)
    }

    /// One hard-wrapped termination line, all a reporter kept of the report: the watchdog's
    /// transgression is the kill, and its bundle is named on the line below.
    @Test func aWatchdogsTerminationLineAloneIsAReport() throws {
        let deaths = try Self.deaths(
            """
            Termination Description: SPRINGBOARD, scene-create watchdog transgression:

             com.example.notes exhausted real (wall clock) time allowance of 19.25 seconds |\u{20}
            ProcessVisibility: Foreground | ProcessState: Running |\u{20}
            WatchdogEvent: scene-create | WatchdogVisibility: Foreground
            """)
        #expect(deaths.map { $0.prefix { $0 != "{" } } == ["1 - process.died com.example.notes - "])
        #expect(deaths.first?.contains("reason=watchdog initiator=system namespace=SPRINGBOARD visibility=foreground watchdog_event=scene-create") == true, "\(deaths)")
    }

    /// A termination reason quoted as inline code in an issue, all that was kept of the report.
    @Test func aTerminationReasonWithItsCodeAloneIsAReport() throws {
        #expect(
            try Self.deaths("`Termination Reason: RUNNINGBOARD 0xdead10cc `\n") == [
                "1 - process.died unknown - {reason=lock-held-at-suspension initiator=system code=0xdead10cc namespace=RUNNINGBOARD}"
            ])
    }

    /// A reporter's summary of a report's fields, with none of its headings.
    @Test func aSummaryOfTheWatchdogsFieldsIsAReport() throws {
        let deaths = try Self.deaths(
            """
            EXC_CRASH (SIGKILL)
            FRONTBOARD domain:10 code:0x8BADF00D
            WatchdogEvent: scene-update
            ProcessVisibility: Background
            WatchdogVisibility: Background
            """)
        #expect(
            deaths.count == 1
                && deaths[0].hasPrefix("2 - process.died unknown - {reason=watchdog initiator=system code=0x8badf00d visibility=background watchdog_event=scene-update"),
            "\(deaths)")
    }

    @Test func oneMarkerAloneIsNotAReport() throws {
        let read = try TraceFixture.ingest("01-08 09:14:25.969  4242  4242 I MyApp: Exception Type: none\n", name: "trace.log")
        #expect(read.summary.format.hasPrefix("logcat"))
    }
}
