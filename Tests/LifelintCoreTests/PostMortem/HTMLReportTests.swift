import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct HTMLReportTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
    static let markup = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/reports/markup trace, v1.log")

    static func html(_ traces: [String]) -> String {
        runLifelint(["--year", "2024", "--no-config", "--format", "html"] + traces).output
    }

    /// Self-contained, and nothing from a trace reaches the page unescaped.
    @Test func thePageIsSelfContainedAndEscaped() {
        let page = Self.html([Self.lostDraft, Self.markup])
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
        #expect(page.contains("saves &#39;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; 100%,\\u0001|`]]&gt;&#39;"))
    }

    /// Each finding links to its mark on the timeline, and the mark back to the finding.
    @Test func findingsLinkToTheirPlaceOnTheTimeline() {
        let page = Self.html([Self.lostDraft])
        for number in 0..<3 {
            #expect(page.contains("<li id=\"t0-finding-\(number)-item\""))
            #expect(page.contains("href=\"#t0-finding-\(number)\""))
            #expect(page.contains("<g id=\"t0-finding-\(number)\""))
            #expect(page.contains("href=\"#t0-finding-\(number)-item\""))
        }
        #expect(page.contains("com.example.notes (pid 4242): the user&#39;s input was lost"))
    }

    /// The page stands on its own: each finding and verdict quotes the lines it cites with
    /// their neighbours, and "line 28" links to the quote.
    @Test func citedLinesAreQuotedAndLinked() {
        let page = Self.html([Self.lostDraft])
        #expect(
            page.contains(
                #"<span id="t0-L28" class="cited"><b>28</b>01-08 09:15:42.305  4242  4242 I wm_on_stop_called: [Token=90133577,Component Name=com.example.notes.EditorActivity,Reason=STOP_ACTIVITY_ITEM,time=3ms]</span>"#
            ))
        #expect(page.contains(##"<a class="line" href="#t0-L28">line 28</a>"##))
        #expect(page.contains(#"<span><b>27</b>01-08 09:15:41.872  4242  4242 I wm_on_paused_called: "#), "a line of context")
        #expect(page.components(separatedBy: #"id="t0-L28""#).count == 2, "one anchor per line")
        #expect(page.contains(#"<span class="gap">⋯</span>"#))
    }

    /// Several traces open with a table of contents and their counts.
    @Test func severalTracesHaveATableOfContents() {
        let page = Self.html([Self.lostDraft, RepositoryPaths.path("SampleLogs/rn-stale-websocket.log"), "/nonexistent/trace.log"])
        #expect(page.contains("<nav class=\"contents\"><h2>Traces</h2>"))
        #expect(page.contains("<tr><td><a href=\"#t0\">\(Self.lostDraft)</a></td><td>3</td><td>0</td><td>1</td></tr>"))
        #expect(page.contains("<tr><td><a href=\"#t2\">/nonexistent/trace.log</a> <span class=\"error-note\">"))
        #expect(!Self.html([Self.lostDraft]).contains("<nav class=\"contents\">"))
    }

    /// Idle stretches are drawn shortened with a break that says how long they were; ticks fall
    /// on round times; grouped marks list their events on separate lines; every mark is inside
    /// the plot area.
    @Test func theTimelineReadsAtAGlance() throws {
        let page = Self.html([Self.lostDraft])
        let breaks = page.components(separatedBy: "<g class=\"break\">").dropFirst().map { $0.components(separatedBy: "</g>")[0] }
        #expect(breaks.count == 3)
        #expect(breaks.contains { $0.contains(">19m</text><title>19 min 7 s without events, drawn shortened</title>") })
        let labels = page.components(separatedBy: "<g class=\"axis\">")[1].components(separatedBy: "</g>")[0]
            .components(separatedBy: "\">").dropFirst().compactMap { $0.components(separatedBy: "</text>").first }.filter { !$0.isEmpty && !$0.hasPrefix("<") }
        #expect(labels == ["09:14:00", "09:14:30", "09:15:00", "09:15:30", "09:22:10"], "\(labels): round times, then the start of the stretch after the first break")
        #expect(!page.contains("\\u000A"))
        let svg = page.components(separatedBy: "<svg class=\"timeline\"")[1].components(separatedBy: "</svg>")[0]
        let xs =
            Self.numbers(after: " cx=\"", in: svg) + Self.numbers(after: " points=\"", in: svg)
            + svg.components(separatedBy: "<rect class=\"mark ").dropFirst().flatMap { Self.numbers(after: " x=\"", in: $0).prefix(1) }
        #expect(xs.count > 10)
        #expect(xs.allSatisfy { $0 >= TimelineSVG.labelWidth - 5 && $0 <= TimelineSVG.labelWidth + TimelineSVG.plotWidth + 5 }, "\(xs)")
    }

    private static func numbers(after marker: String, in text: String) -> [Double] {
        text.components(separatedBy: marker).dropFirst().compactMap { Double($0.prefix { $0.isNumber || $0 == "." }) }
    }

    @Test func groupedMarksListTheirEventsOnLines() throws {
        var lines: [String] = []
        let seconds: [Double] = (0...10).map { Double($0) }
        let burst: [Double] = (0..<30).map { 5.0 + Double($0) * 0.0001 }
        let times: [Double] = (seconds + burst).map { 1_704_700_800.0 + $0 }
        for time in times.sorted() {
            lines.append(#"{"time": \#(time), "event": "input.edited", "app": "com.example.a", "platform": "react-native"}"#)
        }
        let trace = TraceFixture.temporaryFile(name: "burst.jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        let page = Self.html([trace.path])
        #expect(page.contains("<circle class=\"mark cluster\""))
        #expect(page.contains(" events&#10;08:00:05.000 input — line 6&#10;08:00:05.000 input — line 7&#10;"), "real line breaks in the tooltip")
    }

    /// A trace with a hundred thousand events still draws a small page: merged spans,
    /// clustered marks, at most 60 lanes.
    @Test func largeTracesStayUsable() throws {
        var lines: [String] = []
        for index in 0..<50_000 {
            let time = 1_704_700_800.0 + Double(index) * 0.5
            let app = "com.example.app\(index % 80)"
            let event = index % 2 == 0 ? "appstate.active" : "appstate.background"
            lines.append(#"{"time": \#(time), "event": "\#(event)", "app": "\#(app)", "platform": "react-native"}"#)
            lines.append(#"{"time": \#(time + 0.1), "event": "input.edited", "app": "\#(app)", "platform": "react-native"}"#)
        }
        let trace = TraceFixture.temporaryFile(name: "big.jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        let page = Self.html([trace.path])
        #expect(page.utf8.count < 3_000_000)
        #expect(page.components(separatedBy: "<g class=\"lane\">").count - 1 == 60)
        #expect(page.contains("20 more lanes not drawn"))
        #expect(page.contains("class=\"mark cluster\""))
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile)

    /// The report opens in a real browser (Debian's Chromium, headless): the screenshot is not
    /// blank and the page logs no console errors. CI installs Chromium; elsewhere this skips.
    @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
    func itRendersInHeadlessChromium() throws {
        let chromium = try #require(Self.chromium)
        let folder = TraceFixture.temporaryFile(name: "report.html", contents: Data(Self.html([Self.lostDraft]).utf8)).deletingLastPathComponent()
        let (image, console) = try Self.render(folder.appendingPathComponent("report.html"), chromium: chromium, in: folder)
        #expect(image.width == 1400)
        #expect(image.distinctColors > 50, "a blank page has one or two colours")
        #expect(console.isEmpty, "\(console)")
        // The console check can fail: a page with a script error is caught.
        let broken = folder.appendingPathComponent("broken.html")
        try #"<!DOCTYPE html><html><body><p>x</p><script>console.error("boom"); undefinedFunction();</script></body></html>"#.write(to: broken, atomically: true, encoding: .utf8)
        #expect(try !Self.render(broken, chromium: chromium, in: folder).console.isEmpty)
    }

    /// The lost-draft story, as a screenshot 1,400 pixels wide shows it: phase bars tall enough
    /// to see, one app's two processes next to each other, the kill, the cold start and the save
    /// in colours of their own with their times written beside them, and a legend with swatches.
    @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
    func theScreenshotTellsTheLostDraftStory() throws {
        let page = Self.html([Self.lostDraft])
        let svg = page.components(separatedBy: "<svg class=\"timeline\"")[1].components(separatedBy: "</svg>")[0]
        let lanes = svg.components(separatedBy: "<text class=\"lane-label").dropFirst().map { $0.components(separatedBy: ">")[1].components(separatedBy: "<")[0] }
        #expect(lanes == ["com.example.notes", "com.example.notes", "com.android.camera2"], "one app's processes side by side")
        #expect(svg.contains(">09:41:17 system kill (low-memory)</text>"))
        #expect(svg.contains(">09:52:03 cold start after low-memory</text>"))
        #expect(svg.contains(">09:14:25 save &#39;draft&#39;, 35 ms</text>"))
        #expect(svg.contains("<text class=\"resumes\""), "a stretch after a break says when it starts")
        #expect(page.contains("<div class=\"legend\">"))

        let chromium = try #require(Self.chromium)
        let folder = TraceFixture.temporaryFile(name: "story.html", contents: Data(page.utf8)).deletingLastPathComponent()
        let image = try Self.render(folder.appendingPathComponent("story.html"), chromium: chromium, in: folder).image
        let active: UInt32 = 0x3FA34D
        let save: UInt32 = 0x0F766E
        let coldStart: UInt32 = 0xC026D3
        let coldStartText: UInt32 = 0x86198F
        // The first lane's bar, then the second's: each at least 20 pixels tall.
        let activeRows = image.rows(containing: active).filter { $0 < 700 }
        let bars = Self.runs(activeRows)
        #expect(bars.count >= 3, "two bars in the lanes and one swatch in the legend: \(bars)")
        #expect(bars.prefix(2).allSatisfy { $0.count >= 20 }, "\(bars)")
        #expect(image.count(of: save) > 60, "the save is drawn in its own colour")
        #expect(image.count(of: coldStart) > 60, "and the cold starts in theirs")
        #expect(image.count(of: coldStartText) > 20, "their times and words are written")
    }

    /// Runs of consecutive numbers.
    private static func runs(_ rows: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for row in rows {
            if let last = runs.last, last.upperBound == row - 1 { runs[runs.count - 1] = last.lowerBound...row } else { runs.append(row...row) }
        }
        return runs
    }

    /// The screenshot and the console lines Chromium logged for the page.
    static func render(_ page: URL, chromium: String, in folder: URL) throws -> (image: PNGImage, console: [String]) {
        let screenshot = folder.appendingPathComponent(page.deletingPathExtension().lastPathComponent + ".png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
            "--user-data-dir=\(folder.appendingPathComponent("chromium-profile").path)",
            "--window-size=1400,1000", "--screenshot=\(screenshot.path)", page.absoluteString,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }.map(String.init)
        return (try PNGImage(data: Data(contentsOf: screenshot)), console)
    }
}
