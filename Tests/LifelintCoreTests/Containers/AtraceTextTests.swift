import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// systrace / atrace text: the framework's lifecycle slices and the app's own markers, as in a
/// Chrome trace.
@Suite struct AtraceTextTests {
    @Test func frameworkSlicesAndAppMarkers() throws {
        let read = try TraceFixture.ingest(
            """
            # tracer: nop
            #           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION
            #              | |        |      |   ||||       |         |
             com.x.notes-4242  ( 4242) [001] ...1  100.000000: tracing_mark_write: B|4242|bindApplication
             com.x.notes-4242  ( 4242) [001] ...1  100.200000: tracing_mark_write: E|4242
             com.x.notes-4242  ( 4242) [001] ...1  101.000000: tracing_mark_write: B|4242|activityPause
             com.x.notes-4242  ( 4242) [001] ...1  101.001000: tracing_mark_write: B|4242|Choreographer#doFrame
             com.x.notes-4242  ( 4242) [001] ...1  101.002000: tracing_mark_write: E|4242
             com.x.notes-4242  ( 4242) [001] ...1  101.045000: tracing_mark_write: E|4242
               RenderThread-4260  ( 4242) [002] ...1  101.050000: tracing_mark_write: I|4242|lifelint:persist.begin key=draft
              surfaceflinger-640   (  640) [000] .... 101.060000: tracing_mark_write: C|640|FrameMissed|1
            """)
        #expect(read.summary.format == "atrace text")
        #expect(
            read.events.map { "\($0.source.line) \($0.time.iso8601!) \($0.summaryLine)" } == [
                "4 PT100.000000S process.started pid 4242 4242 {package=pid 4242 hosting=bindApplication}",
                "9 PT101.045000S activity.paused pid 4242 4242 {duration_ms=45}",
                "10 PT101.050000S persist.begin pid 4242 4242 {key=draft}",
            ])
        #expect(read.summary.categoriesAddUp && read.summary.structuralLines == 3)
    }

    @Test func aChromeTraceThatEmbedsAtraceTextIsStillJSON() throws {
        let read = try TraceFixture.ingest(
            ##"{"traceEvents":[{"ph":"X","name":"activityPause","pid":1,"tid":1,"ts":10,"dur":5}],"systemTraceEvents":"# tracer: nop\n  a-1 (1) [000] .... 1.0: tracing_mark_write: B|1|x\n"}"##
        )
        #expect(read.summary.format == "json chrome-trace")
        #expect(read.events.map(\.name.rawValue) == ["activity.paused"])
    }
}
