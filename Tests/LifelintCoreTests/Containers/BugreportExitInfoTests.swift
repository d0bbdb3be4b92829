import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// A bugreport's exit-info section adds the deaths its logcat did not show, once each and in
/// order for the app.
@Suite struct BugreportExitInfoTests {
    static let bugreport = """
        ========================================================
        == dumpstate: 2024-01-08 10:30:00
        ========================================================
        ------ SYSTEM LOG (logcat -v threadtime -v printable -v uid -d *:v) ------
        --------- beginning of main
        01-08 10:00:00.000  1000  1610  1655 I ActivityManager: Start proc 4242:com.x.notes/u0a187 for top-activity {com.x.notes/com.x.notes.Editor}
        01-08 10:00:01.000 10187  4242  4242 I lifelint: input.edited field=body
        01-08 10:00:05.000  1000  1610  1655 I ActivityManager: Start proc 5151:com.x.mail/u0a188 for service {com.x.mail/com.x.mail.Sync}
        01-08 10:00:09.000  1000  1610  1631 I ActivityManager: Process com.x.mail (pid 5151) has died: cch+5 CEM
        01-08 10:00:10.000 10187  4242  4242 I lifelint: persist.begin key=draft
        ------ 0.05s was the duration of 'SYSTEM LOG' ------
        ------ DUMPSYS (/system/bin/dumpsys) ------
        DUMP OF SERVICE activity:
        ACTIVITY MANAGER PROCESS EXIT INFO (dumpsys activity exit-info)
          package: com.x.notes
            Historical Process Exit for uid=10187
                ApplicationExitInfo #0:
                  timestamp=2024-01-08 10:20:00.000 pid=4242 realUid=10187 packageUid=10187 definingUid=10187 user=0
                  process=com.x.notes reason=3 (LOW_MEMORY) subreason=0 (UNKNOWN) status=0
                  importance=400 pss=30MB rss=90MB description=null state=empty trace=null
                ApplicationExitInfo #1:
                  timestamp=2024-01-07 22:00:00.000 pid=3131 realUid=10187 packageUid=10187 definingUid=10187 user=0
                  process=com.x.notes reason=4 (CRASH) subreason=0 (UNKNOWN) status=0
                  importance=100 pss=30MB rss=90MB description=crash state=empty trace=null
          package: com.x.mail
            Historical Process Exit for uid=10188
                ApplicationExitInfo #0:
                  timestamp=2024-01-08 10:00:09.000 pid=5151 realUid=10188 packageUid=10188 definingUid=10188 user=0
                  process=com.x.mail reason=3 (LOW_MEMORY) subreason=0 (UNKNOWN) status=0
                  importance=400 pss=9MB rss=40MB description=null state=empty trace=null

        """

    @Test func theMissingDeathIsAddedAndTheOthersAreNot() throws {
        let read = try TraceFixture.ingest(Self.bugreport, name: "bugreport.txt")
        #expect(
            read.events.filter { $0.name.rawValue == "process.died" }.map { "\($0.source.line) \($0.summaryLine)" } == [
                "9 process.died com.x.mail 5151 {reason=unknown detail=cch+5 CEM}",
                "17 process.died com.x.notes 4242 {reason=low-memory initiator=system source=exit-info exit_reason=LOW_MEMORY importance=cached}",
            ])
        #expect(read.summary.categoriesAddUp)
    }
}
