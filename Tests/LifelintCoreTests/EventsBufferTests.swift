import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// `logcat -b events` lifecycle tags across Android versions (docs/formats.md §2).
@Suite struct EventsBufferTests {
    @Test func activityCallbacksInEveryArity() throws {
        let text = """
            01-08 08:00:00.001  4242  4242 I am_on_resume_called: [0,com.example.notes.EditorActivity]
            01-08 08:00:00.002  4242  4242 I am_on_paused_called: [0,com.example.notes.EditorActivity,handlePauseActivity]
            01-08 08:00:00.003  4242  4242 I wm_on_stop_called: [62211635,com.example.notes.EditorActivity,STOP_ACTIVITY_ITEM,12]
            01-08 08:00:00.004  4242  4242 I wm_on_destroy_called: [62211635,com.example.notes.EditorActivity,performDestroy,3,extra]
            01-08 08:00:00.005  4242  4242 I wm_on_create_called: [Token=251757025,Component Name=com.example.notes.EditorActivity,Reason=performCreate,time=7ms]
            01-08 08:00:00.006  4242  4242 I wm_on_restart_called: [Token=1,Component Name=com.example.notes.EditorActivity,Reason=performRestartActivity,time=0ms]
            01-08 08:00:00.007  4242  4242 I am_on_start_called: [0,com.example.notes.EditorActivity,handleStartActivity]
            01-08 08:00:00.008  4242  4242 I wm_on_top_resumed_gained_called: [1,com.example.notes.EditorActivity,topStateChangedWhenResumed]
            01-08 08:00:00.009  4242  4242 I wm_on_top_resumed_lost_called: [Token=1,Component Name=com.example.notes.EditorActivity,Reason=topStateChangedWhenResumed]
            01-08 08:00:00.010  4242  4242 I viewroot_draw_event: [window=VRI[MainActivity],event=Draw]
            """
        let (events, summary) = try TraceFixture.ingest(text)
        let component = "component=com.example.notes.EditorActivity"
        #expect(
            events.map(\.summaryLine) == [
                "activity.resumed pid 4242 4242 {\(component)}",
                "activity.paused pid 4242 4242 {\(component) reason=handlePauseActivity}",
                "activity.stopped pid 4242 4242 {\(component) token=62211635 reason=STOP_ACTIVITY_ITEM duration_ms=12}",
                "activity.destroyed pid 4242 4242 {\(component) token=62211635 reason=performDestroy duration_ms=3}",
                "activity.created pid 4242 4242 {\(component) token=251757025 reason=performCreate duration_ms=7}",
                "activity.restarted pid 4242 4242 {\(component) token=1 reason=performRestartActivity duration_ms=0}",
                "activity.started pid 4242 4242 {\(component) reason=handleStartActivity}",
                "activity.top-gained pid 4242 4242 {\(component) token=1 reason=topStateChangedWhenResumed}",
                "activity.top-lost pid 4242 4242 {\(component) token=1 reason=topStateChangedWhenResumed}",
            ])
        #expect(summary.logLines == 1)
    }

    /// Keys are matched ignoring case, spaces and underscores; a duration is a whole number with
    /// or without `ms` and after one space, and anything else is no duration.
    @Test func keyedFieldsAndDurations() throws {
        let text = """
            01-08 08:00:00.001  4242  4242 I wm_on_stop_called: [token=7,component_name=com.example.notes.EditorActivity,REASON=STOP_ACTIVITY_ITEM,Time=4]
            01-08 08:00:00.002  4242  4242 I wm_on_stop_called: [Token=7,ComponentName=com.example.notes.EditorActivity,Reason=r,time= 12ms]
            01-08 08:00:00.003  4242  4242 I wm_on_stop_called: [Token=7,Component Name=com.example.notes.EditorActivity,Reason=r,time=-3ms]
            01-08 08:00:00.004  4242  4242 I wm_on_stop_called: [Token=7,Component Name=com.example.notes.EditorActivity,Reason=r,time=  5ms]
            01-08 08:00:00.005  4242  4242 I wm_on_stop_called: [Token=7,Component Name=com.example.notes.EditorActivity,Reason=r,time=ms]
            01-08 08:00:00.006  4242  4242 I wm_on_stop_called: [Token=7,Component Name=com.example.notes.EditorActivity,Reason=r,time=99999999999999999999ms]
            01-08 08:00:00.007  4242  4242 I wm_on_stop_called: [Token=7,Component Names=com.example.notes.EditorActivity,Reason=r,time=5 ms]
            """
        let (events, _) = try TraceFixture.ingest(text)
        let component = "component=com.example.notes.EditorActivity"
        #expect(
            events.map(\.summaryLine) == [
                "activity.stopped pid 4242 4242 {\(component) token=7 reason=STOP_ACTIVITY_ITEM duration_ms=4}",
                "activity.stopped pid 4242 4242 {\(component) token=7 reason=r duration_ms=12}",
                "activity.stopped pid 4242 4242 {\(component) token=7 reason=r duration_ms=-3}",
                "activity.stopped pid 4242 4242 {\(component) token=7 reason=r}",
                "activity.stopped pid 4242 4242 {\(component) token=7 reason=r}",
                "activity.stopped pid 4242 4242 {\(component) token=7 reason=r}",
                "activity.stopped pid 4242 4242 {token=7 reason=r}",
            ])
    }

    @Test func systemServerTags() throws {
        let text = """
            01-08 08:00:00.000  1000  1100 I am_proc_start: [0,4242,10123,com.example.notes,activity,{com.example.notes/com.example.notes.EditorActivity}]
            01-08 08:00:01.000  4242  4242 I am_on_resume_called: [0,com.example.notes.EditorActivity,RESUME_ACTIVITY]
            01-08 08:00:02.000  1000  1100 I am_anr: [0,4242,com.example.notes,952745541,Input dispatching timed out (Waiting, because no window)]
            01-08 08:00:02.500  1000  1100 E ActivityManager: ANR in com.example.notes (com.example.notes/.EditorActivity)
            01-08 08:00:03.000  1000  1100 I am_freeze: [4242,com.example.notes]
            01-08 08:00:04.000  1000  1100 I am_unfreeze: [4242,com.example.notes,0]
            01-08 08:00:05.000  1000  1100 I am_kill: [0,4242,com.example.notes,900,empty for 1800s, cached,123456]
            01-08 08:00:05.001  1000  1100 I am_proc_died: [0,4242,com.example.notes,900,19]
            01-08 08:00:06.000  1000  1100 I am_finish_activity: [0,1234,56,com.example.notes/.EditorActivity,proc died without state saved]
            01-08 08:00:07.000  1000  1100 I am_proc_start: [0,4343,10123,com.example.notes:sync,service,{com.example.notes/.SyncService}]
            01-08 08:00:08.000  1000  1100 I killinfo: [4343,10123,900,800,12345,2,1000,2000]
            01-08 08:00:09.000  1000  1100 I am_crash: [0,4444,com.example.other,952745541,java.lang.IllegalStateException,boom, really,Editor.kt,12]
            """
        let (events, _) = try TraceFixture.ingestNormalized(text)
        #expect(
            events.map(\.summaryLine) == [
                "process.started com.example.notes 4242 {package=com.example.notes hosting=activity component={com.example.notes/com.example.notes.EditorActivity}}",
                "activity.resumed com.example.notes 4242 {component=com.example.notes.EditorActivity reason=RESUME_ACTIVITY}",
                "evidence.anr com.example.notes 4242 {detail=Input dispatching timed out (Waiting, because no window)}",
                "process.frozen com.example.notes 4242",
                "process.unfrozen com.example.notes 4242",
                "process.died com.example.notes 4242 {reason=killed detail=empty for 1800s, cached}",
                "evidence.state-not-saved com.example.notes - {component=com.example.notes/.EditorActivity reason=proc died without state saved}",
                "process.started com.example.notes 4343 {package=com.example.notes hosting=service component={com.example.notes/.SyncService} process=com.example.notes:sync}",
                "process.died com.example.notes 4343 {reason=low-memory detail=lmkd killinfo process=com.example.notes:sync}",
                "process.died com.example.other 4444 {reason=crash detail=java.lang.IllegalStateException}",
            ])
    }

    /// A force stop or a swipe from recents discards the activities' state by design: the
    /// system's `proc died without state saved` just after it says nothing of the app.
    @Test func stateNotSavedAfterAForceStopIsNotEvidence() throws {
        let text = """
            01-08 08:00:00.000  1000  1100 I am_proc_start: [0,4242,10123,com.example.notes,activity,{com.example.notes/com.example.notes.EditorActivity}]
            01-08 08:00:05.000  1000  1100 I am_kill: [0,4242,com.example.notes,0,stop com.example.notes due to installPackageLI]
            01-08 08:00:05.010  1000  1100 I am_finish_activity: [0,1234,56,com.example.notes/.EditorActivity,proc died without state saved]
            01-08 08:01:00.000  1000  1100 I am_proc_start: [0,4343,10123,com.example.notes,activity,{com.example.notes/com.example.notes.EditorActivity}]
            01-08 08:01:05.000  1000  1100 I am_kill: [0,4343,com.example.notes,900,remove task]
            01-08 08:01:05.010  1000  1100 I am_finish_activity: [0,1235,57,com.example.notes/.EditorActivity,proc died without state saved]
            01-08 08:02:00.000  1000  1100 I am_proc_start: [0,4444,10123,com.example.notes,activity,{com.example.notes/com.example.notes.EditorActivity}]
            01-08 08:02:05.000  1000  1100 I am_kill: [0,4444,com.example.notes,900,by rms]
            01-08 08:02:05.010  1000  1100 I am_finish_activity: [0,1236,58,com.example.notes/.EditorActivity,proc died without state saved]
            """
        let evidence = try TraceFixture.ingestNormalized(text).events.filter { $0.name == EventName.evidenceStateNotSaved }
        #expect(evidence.map(\.source.line) == [9])
    }

    @Test func truncatedPayloadIsStillRead() throws {
        let (events, _) = try TraceFixture.ingest("01-08 08:00:00.001  4242  4242 I wm_on_paused_called: [1,com.example.notes.EditorActivity,perfor^\n")
        #expect(events.map(\.summaryLine) == ["activity.paused pid 4242 4242 {component=com.example.notes.EditorActivity token=1 reason=perfor}"])
    }
}
