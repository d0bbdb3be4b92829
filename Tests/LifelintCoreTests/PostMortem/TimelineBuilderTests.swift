import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct TimelineBuilderTests {
    /// A lane with far more events than a screen can show keeps a bounded number of marks and
    /// spans, and the marks still count every event.
    @Test func longLanesAreMergedNotDropped() {
        var builder = TimelineBuilder()
        let source = SourceLocation(path: "t.jsonl", line: 1)
        var inputs = 0
        for index in 0..<40_000 {
            let time = Timestamp(clock: .wall, nanoseconds: Int64(index) * 1_000_000_000, utcOffsetSeconds: 0)
            let phase = index % 2 == 0 ? EventName.phaseActive : EventName.phaseBackground
            builder.process(Event(time: time, app: "a", pid: 1, platform: .reactNative, name: phase, source: source))
            builder.process(Event(time: time, app: "a", pid: 1, platform: .reactNative, name: EventName(rawValue: "input.edited"), source: source))
            inputs += 1
        }
        let lane = builder.finish(findings: []).lanes[0]
        #expect(lane.marks.count <= TimelineBuilder.maximumItemsPerLane)
        #expect(lane.spans.count <= TimelineBuilder.maximumItemsPerLane)
        #expect(lane.marks.reduce(0) { $0 + $1.count } == inputs)
        #expect(lane.spans.reduce(0) { $0 + $1.merged } == 40_000)
        #expect(lane.spans.first?.start.nanoseconds == 0)
        #expect(lane.spans.last?.end == nil)
    }
}
