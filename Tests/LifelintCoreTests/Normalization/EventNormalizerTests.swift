import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// The normalizer between every reader and the phase deriver: time order, each incident once.
@Suite struct EventNormalizerTests {
    private func normalize(_ jsonLines: String) throws -> (lines: [String], summary: IngestionSummary) {
        let (events, summary) = try TraceFixture.ingestNormalized(jsonLines, name: "trace.jsonl")
        return (events.map { "\($0.name)@\($0.source.line)" }, summary)
    }

    @Test func oneDeathReportedTwiceInAnyContainerIsOneDeath() throws {
        let (lines, summary) = try normalize(
            """
            {"time": 10.0, "event": "process.died", "app": "com.x", "pid": 7, "attrs": {"reason": "low-memory"}}
            {"time": 10.5, "event": "process.died", "app": "com.x", "pid": 7, "attrs": {"reason": "low-memory"}}
            {"time": 20.0, "event": "process.started", "app": "com.x", "pid": 7}
            {"time": 21.0, "event": "process.died", "app": "com.x", "pid": 7, "attrs": {"reason": "crash"}}
            {"time": 21.2, "event": "process.died", "app": "com.x", "pid": 7, "attrs": {"reason": "low-memory"}}
            """)
        #expect(lines == ["process.died@1", "process.started@3", "process.died@4", "process.died@5"])
        #expect(summary.events == 4 && summary.eventLines == 4 && summary.logLines == 1)
    }

    /// A restart between two reports makes them two incidents: the second comes from another
    /// process, and a death without a pid is forgotten at the next start.
    @Test func aRestartSeparatesIncidents() throws {
        let (lines, _) = try normalize(
            """
            {"time": 1.0, "event": "evidence.anr", "app": "com.x", "pid": 7}
            {"time": 1.5, "event": "evidence.anr", "app": "com.x", "pid": 8}
            {"time": 3.0, "event": "process.died", "app": "com.y", "attrs": {"reason": "crash"}}
            {"time": 3.2, "event": "process.started", "app": "com.y", "pid": 9}
            {"time": 3.4, "event": "process.died", "app": "com.y", "attrs": {"reason": "crash"}}
            """)
        #expect(lines == ["evidence.anr@1", "evidence.anr@2", "process.died@3", "process.started@4", "process.died@5"])
    }

    /// One blocked main thread is reported over seconds: an ANR's reports within 30 s are one,
    /// and so are a pause timeout and the stop timeout after it; a destroy timeout is its own.
    @Test func aHangIsOneIncidentWithinThirtySeconds() throws {
        let (lines, _) = try normalize(
            """
            {"time": 1.0, "event": "evidence.pause-timeout", "app": "com.x", "attrs": {"component": "com.x/.Main"}}
            {"time": 11.0, "event": "evidence.callback-timeout", "app": "com.x", "attrs": {"component": "com.x/.Main", "callback": "stop"}}
            {"time": 12.0, "event": "evidence.callback-timeout", "app": "com.x", "attrs": {"component": "com.x/.Main", "callback": "destroy"}}
            {"time": 45.0, "event": "evidence.callback-timeout", "app": "com.x", "attrs": {"component": "com.x/.Main", "callback": "stop"}}
            """)
        #expect(lines == ["evidence.pause-timeout@1", "evidence.callback-timeout@3", "evidence.callback-timeout@4"])
    }

    @Test func evidenceIsOneIncidentPerNameAppAndReasonWithinItsWindow() throws {
        let (lines, _) = try normalize(
            """
            {"time": 1.0, "event": "evidence.anr", "app": "com.x", "pid": 7}
            {"time": 2.5, "event": "evidence.anr", "app": "pid 7", "pid": 7}
            {"time": 40.0, "event": "evidence.anr", "app": "com.x", "pid": 7}
            {"time": 9.0, "event": "evidence.app-exits", "app": "com.x", "attrs": {"reason": "app-watchdog"}}
            {"time": 9.0, "event": "evidence.app-exits", "app": "com.x", "attrs": {"reason": "background-task-assertion-timeout"}}
            """)
        #expect(lines == ["evidence.anr@1", "evidence.anr@3", "evidence.app-exits@4", "evidence.app-exits@5"])
    }

    @Test func anEventWithoutATimeLeavesTheNextClockOrderedAfresh() throws {
        let (lines, _) = try normalize(
            """
            {"time": "2024-01-08T09:00:01.000Z", "event": "persist.begin", "app": "com.x"}
            {"time": null, "event": "input.edited", "app": "com.x"}
            {"time": "PT3S", "event": "sync.resync", "app": "com.x"}
            {"time": "PT2S", "event": "socket.open", "app": "com.x"}
            """)
        #expect(lines == ["persist.begin@1", "input.edited@2", "socket.open@4", "sync.resync@3"])
    }

    @Test func eventsArePutBackInTimeOrderOnTheirOwnClock() throws {
        let (lines, _) = try normalize(
            """
            {"time": "2024-01-08T09:00:01.000Z", "event": "persist.begin", "app": "com.x"}
            {"time": "2024-01-08T09:00:00.500Z", "event": "input.edited", "app": "com.x"}
            {"time": "PT3S", "event": "sync.resync", "app": "com.x"}
            {"time": "PT2S", "event": "socket.open", "app": "com.x"}
            {"time": "2024-01-08T09:00:02.000Z", "event": "persist.end", "app": "com.x"}
            """)
        #expect(lines == ["input.edited@2", "persist.begin@1", "socket.open@4", "sync.resync@3", "persist.end@5"])
    }
}
