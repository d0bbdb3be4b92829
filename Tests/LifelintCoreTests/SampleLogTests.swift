import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The shipped stories in `SampleLogs/` read as the story they tell.
@Suite struct SampleLogTests {
    static func samplePath(_ name: String) -> String {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("SampleLogs").appendingPathComponent(name).path
    }

    @Test func lostDraftStory() throws {
        let (events, summary) = try TraceReader.events(atPath: Self.samplePath("android-lost-draft.log"), options: TraceReadOptions(year: 2024))
        let notes = events.filter { $0.app == "com.example.notes" }
        #expect(
            notes.map(\.name.rawValue) == [
                "process.started", "activity.created", "activity.started", "activity.resumed", "activity.top-gained", "screen.shown",
                "input.edited", "input.edited", "activity.top-lost", "activity.paused", "activity.stopped", "activity.destroyed",
                "persist.begin", "persist.end",
                "activity.created", "activity.started", "activity.resumed", "screen.shown", "input.edited", "input.edited",
                "activity.top-lost", "activity.paused", "activity.stopped", "state.saved", "process.frozen",
                "process.died",
                "process.started", "activity.created", "activity.started", "activity.resumed", "screen.shown", "input.edited", "activity.top-lost",
            ])
        let death = try #require(notes.first { $0.name.rawValue == "process.died" })
        #expect(death.attributes.dictionary == ["reason": "low-memory", "detail": "low watermark is breached"])
        #expect(death.source.line == 35)
        #expect(summary.unrecognisedLines == 0 && summary.categoriesAddUp)
    }
}
