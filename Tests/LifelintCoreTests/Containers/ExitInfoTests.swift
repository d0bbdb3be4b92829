import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// `dumpsys activity exit-info` (docs/formats.md §3): Android's own record of each death.
@Suite struct ExitInfoTests {
    @Test func bothLayoutsInTimeOrderWithTheAuthoritativeReason() throws {
        let read = try TraceFixture.ingest(
            """
            ACTIVITY MANAGER PROCESS EXIT INFO (dumpsys activity exit-info)
            Last Timestamp of Persistence Into Persistent Storage: 2023-10-01 20:56:26.572
              package: com.termux.x11
                Historical Process Exit for uid=10383
                    ApplicationExitInfo #0:
                      timestamp=2023-10-01 19:00:07.413 pid=10156 realUid=10383 packageUid=10383 definingUid=10383 user=0
                      process=com.termux.x11 reason=3 (LOW_MEMORY) subreason=0 (UNKNOWN) status=0
                      importance=100 pss=70MB rss=93MB description=null state=empty trace=null
                    ApplicationExitInfo #1:
                      timestamp=2023-10-01 17:50:34.789 pid=20019 realUid=10383 packageUid=10383 definingUid=10383 user=0
                      process=com.termux.x11:daemon reason=16 (PACKAGE UPDATED) subreason=0 (UNKNOWN) status=0
                      importance=400 pss=65MB rss=82MB description=stop com.termux.x11 due to installPackageLI state=empty trace=null
              package: com.x.notes
                Historical Process Exit for uid=10400
                    ApplicationExitInfo #0:
                      timestamp=2023-10-01 18:10:00.000
                      pid=4242
                      process=com.x.notes
                      reason=10 (USER REQUESTED)
                      subreason=22 (REMOVE TASK)
                      importance=400
                      description=remove task
            """)
        #expect(read.summary.format == "android exit-info")
        #expect(
            read.events.map { "\($0.source.line) \($0.time.iso8601!) \($0.summaryLine)" } == [
                "9 2023-10-01T17:50:34.789 process.died com.termux.x11 20019 {reason=force-stop initiator=system source=exit-info exit_reason=PACKAGE_UPDATED importance=cached detail=stop com.termux.x11 due to installPackageLI process=com.termux.x11:daemon}",
                "15 2023-10-01T18:10:00.000 process.died com.x.notes 4242 {reason=user initiator=user source=exit-info exit_reason=USER_REQUESTED subreason=REMOVE_TASK importance=cached detail=remove task}",
                "5 2023-10-01T19:00:07.413 process.died com.termux.x11 10156 {reason=low-memory initiator=system source=exit-info exit_reason=LOW_MEMORY importance=foreground}",
            ])
        #expect(read.summary.categoriesAddUp)
    }

    @Test func fieldsEndWhereTheNextKeyStarts() {
        let fields = ExitInfoParser.fields("importance=400 pss=36MB description=stop com.x due to installPackageLI state=empty trace=null")
        #expect(fields.map { "\($0.0)=\($0.1)" } == ["importance=400", "pss=36MB", "description=stop com.x due to installPackageLI", "state=empty", "trace=null"])
        #expect(ExitInfoParser.fields("not a record: reason=3").isEmpty)
    }
}
