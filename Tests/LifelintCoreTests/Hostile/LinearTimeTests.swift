import Foundation
import Testing
@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports
@testable import LifelintCLI

/// Inputs whose shape once made a step's time grow with the square of their size, each run by
/// the built binary under a deadline a quadratic step would overrun many times (`LimitedRun`):
/// a regression fails here rather than in someone's CI.
@Suite struct LinearTimeTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    /// 20,000 apps, each started and then not responding: 20,000 lanes and 20,000 findings.
    static let manyAppsWithFindings: URL = {
        var text = ""
        for index in 0..<20_000 {
            let milliseconds = index * 10
            let time = String(format: "01-07 10:%02d:%02d.%03d", milliseconds / 60_000, milliseconds / 1_000 % 60, milliseconds % 1_000)
            text += "\(time)  1610  1655 I ActivityManager: Start proc \(10_000 + index):com.example.app\(index)/u0a187 for top-activity {com.example.app\(index)/com.example.app\(index).Main}\n"
            text += "\(time)  1610  1655 I am_anr  : [0,\(10_000 + index),com.example.app\(index),952745540,Input dispatching timed out]\n"
        }
        return TraceFixture.temporaryFile(name: "many-apps-anr.log", contents: Data(text.utf8))
    }()

    /// The timeline grouped each app's lanes by searching every lane (20,000 apps took
    /// minutes); the HTML report placed each finding the same way.
    @Test func timelineAndHTMLAreLinearInAppsAndFindings() throws {
        let timeline = try LimitedRun.run(["timeline", "--no-config", "--year", "2024", Self.manyAppsWithFindings.path], seconds: 30)
        #expect(!timeline.timedOut && timeline.status == 0, "\(timeline.seconds) s")
        #expect(timeline.output.components(separatedBy: "✖ slow-lifecycle-callback (warning)").count - 1 == 20_000)
        let html = try LimitedRun.run(["--no-config", "--year", "2024", "--format", "html", Self.manyAppsWithFindings.path], seconds: 30)
        #expect(!html.timedOut && html.status == 0, "\(html.seconds) s")
        #expect(html.output.contains("19000 more findings not listed"))
    }
}
