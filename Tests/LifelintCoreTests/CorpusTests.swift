import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

extension IngestionError {
    var isUnrecognisedFormat: Bool {
        if case .unrecognisedFormat = self { return true }
        return false
    }
}

/// Real captures: the fixtures copied into the repo (sources in Fixtures/corpus/SOURCES.md)
/// with exact expectations, and every file of `../shared/corpus` when it is present.
@Suite struct CorpusTests {
    @Test func androidTwelveEventsBufferWithTailEndHeaders() throws {
        let (events, summary) = try TraceReader.events(
            atPath: TraceFixture.fixturePath("corpus/issue-logcat-events-tailend-headers-LeviLaunchroid-105.txt"),
            options: TraceReadOptions(year: 2024))
        #expect(
            events.map(\.name.rawValue) == [
                "activity.stopped", "activity.top-lost", "activity.paused", "activity.created", "activity.started", "activity.resumed",
            ])
        #expect(
            events[0].attributes.dictionary == [
                "component": "org.levimc.launcher.ui.activities.MainActivity", "token": "62211635", "reason": "STOP_ACTIVITY_ITEM", "duration_ms": "0",
            ])
        #expect(summary.structuralLines == 5)
        #expect(summary.logLines == 1)
        #expect(summary.unrecognisedLines == 0)
    }

    @Test func keyValuePayloads() throws {
        let (events, summary) = try TraceReader.events(
            atPath: TraceFixture.fixturePath("corpus/issue-logcat-events-threadtime-keyvalue-Clock-198.txt"), options: TraceReadOptions(year: 2024))
        #expect(
            events.map(\.name.rawValue) == [
                "activity.top-lost", "activity.paused", "activity.created", "activity.started", "activity.resumed", "activity.top-gained",
            ])
        #expect(events[1].attributes.dictionary == ["component": "com.best.deskclock.DeskClock", "token": "143069912", "reason": "performPause", "duration_ms": "1"])
        #expect(summary.lines == 10 && summary.structuralLines == 2 && summary.logLines == 2)
    }

    @Test func crashLoopWithBlankLines() throws {
        let (events, summary) = try TraceReader.events(
            atPath: TraceFixture.fixturePath("corpus/issue-logcat-threadtime-blanklines-crashloop-ACSIDE-122.txt"), options: TraceReadOptions(year: 2024))
        #expect(
            events.map(\.name.rawValue) == [
                "process.died", "process.started", "process.died", "process.started", "process.died", "process.started", "process.died", "process.started", "process.died",
            ])
        #expect(Set(events.map(\.app)) == ["com.nullij.androidcodestudio"])
        #expect(summary.structuralLines == 8)
    }

    @Test func studioRecentsSwipeIsUserInitiated() throws {
        let (events, summary) = try TraceReader.events(
            atPath: TraceFixture.fixturePath("corpus/issue-logcat-studio-rn-background-geolocation-1637.txt"))
        #expect(events.map(\.summaryLine) == ["process.died com.stsgeoloc 7138 {reason=user detail=remove task}"])
        #expect(events[0].time.iso8601 == "2023-02-03T20:07:09.708")
        #expect(summary.format == "logcat studio-new+year")
    }

    @Test func olderLayouts() throws {
        let time = try TraceReader.events(atPath: TraceFixture.fixturePath("corpus/issue-logcat-time-pdfreader4Android-3.txt"), options: TraceReadOptions(year: 2024))
        #expect(
            time.events.map(\.summaryLine) == [
                "process.started fm.a2d.s2 10383 {package=fm.a2d.s2 hosting=broadcast component=fm.a2d.s2/.wid_wid}",
                "process.died android.process.media 8552 {reason=killed detail=empty #17}",
                "process.started com.android.deskclock 10396 {package=com.android.deskclock hosting=broadcast component=com.android.deskclock/com.android.alarmclock.DigitalAppWidgetProvider}",
                "process.died com.android.settings 10125 {reason=killed detail=empty #17}",
            ])
        let long = try TraceReader.events(atPath: TraceFixture.fixturePath("corpus/issue-logcat-long-format-automotive-action-android-24.txt"))
        #expect(long.summary.format == "logcat long")
        #expect(long.summary.logLines == 4 && long.summary.continuationLines == 4 && long.summary.structuralLines == 3)
        let brief = try TraceReader.events(atPath: TraceFixture.fixturePath("corpus/issue-logcat-brief-huawei-android5-thunderbird-3397.txt"))
        #expect(brief.summary.format == "logcat brief" && brief.summary.logLines == 11)
        let email = try TraceReader.events(atPath: TraceFixture.fixturePath("corpus/issue-logcat-threadtime-emailwrapped-cordova-sms-117.txt"))
        #expect(email.summary.unrecognisedLines == 0 && email.summary.logLines == 6 && email.summary.continuationLines == 9)
        let studio = try TraceReader.events(atPath: TraceFixture.fixturePath("corpus/issue-logcat-studio-legacy-ENumbers-49.txt"))
        #expect(studio.summary.format == "logcat studio" && studio.summary.logLines == 8)
    }

    /// Every file in `../shared/corpus`: no crash, every line or record accounted for. The JSON
    /// and plist captures read without a single malformed record (their content is not
    /// lifecycle, so it is counted, not failed); the text formats lifelint does not read yet
    /// (Console.app copies, `log show` text, dumpsys, ftrace) get the "not a trace format" error.
    @Test(.enabled(if: TraceFixture.sharedCorpus != nil, "../shared/corpus is not beside this checkout"))
    func everySharedCorpusFileIsReadWithoutCrashing() throws {
        let corpus = try #require(TraceFixture.sharedCorpus)
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0 != "MANIFEST.md" }.sorted()
        #expect(files.count >= 40)
        var unrecognised = 0
        var notRead: [String] = []
        for file in files {
            do {
                let (_, summary) = try TraceReader.events(atPath: corpus.appendingPathComponent(file).path, options: TraceReadOptions(year: 2024))
                #expect(summary.categoriesAddUp, "\(file)")
                #expect(summary.problemCount == 0, "\(file): \(summary.problems)")
                unrecognised += summary.unrecognisedLines
            } catch {
                if error.isUnrecognisedFormat { notRead.append(file) } else { Issue.record("\(file): \(error)") }
            }
        }
        print("shared corpus: \(files.count) files, \(unrecognised) unrecognised lines, not a format lifelint reads: \(notRead.count) (\(notRead.joined(separator: ", ")))")
        #expect(notRead.allSatisfy { !$0.contains("logcat") && !$0.hasSuffix(".json") && !$0.hasSuffix(".ndjson") && !$0.hasSuffix(".plist") })
    }
}
