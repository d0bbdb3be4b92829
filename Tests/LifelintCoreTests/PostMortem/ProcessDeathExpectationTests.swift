import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The process-death oracle (decision 0050): each expectation passes, fails or cannot be told,
/// on the evidence the trace holds, with the lines it rests on.
@Suite struct ProcessDeathExpectationTests {
    private let sample = RepositoryPaths.path("SampleLogs/android-process-death-test.log")
    private let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    private func analyze(_ path: String, declarations: [ExpectationDeclaration] = []) throws -> TraceAnalyzer.Analysis {
        var settings = AnalysisSettings(rules: RuleExamplesTests.catalog.rules, readOptions: TraceReadOptions(year: 2024))
        settings.expectations = declarations
        return try TraceAnalyzer.analyze(TraceInput(path: path), settings: settings)
    }

    /// `expectation outcome app: first claim's line…` for each result.
    private static func summary(_ results: [ExpectationResult]) -> [String] {
        results.map { result in
            "\(result.expectation.rawValue) \(result.outcome.rawValue) \(result.app ?? "-"): "
                + result.claims.map { $0.location.map { "\($0.line)" } ?? "-" }.joined(separator: ",")
        }
    }

    /// A real kill, a kill that was a no-op on a foreground app, and a force stop: every outcome.
    @Test func theSampleRunShowsEachOutcome() throws {
        let analysis = try analyze(sample)
        #expect(analysis.tests.map(\.name) == ["draftSurvivesProcessDeath", "killInTheForegroundIsANoOp", "draftSurvivesForceStop"])
        #expect(analysis.tests.map(\.process) == ["pid 7001", "pid 7001", "pid 7001"], "the instrumentation's process is never named, and its lines are not held")
        #expect(
            analysis.tests.map { Self.summary($0.expectations) } == [
                [
                    "killed-in-background passed com.example.notes: 14,17", "saved-before-kill passed com.example.notes: 13,17",
                    "restored-after-kill passed com.example.notes: 21,23",
                ],
                [
                    "killed-in-background failed com.example.notes: 31", "saved-before-kill cannot-be-told com.example.notes: -",
                    "restored-after-kill cannot-be-told com.example.notes: -",
                ],
                [
                    "killed-in-background failed com.example.notes: 36,39", "saved-before-kill failed com.example.notes: 37,39",
                    "restored-after-kill failed com.example.notes: 43,47",
                ],
            ])
        #expect(
            analysis.tests[2].expectations[0].paragraph
                == "com.example.notes went to the background at 10:00:07.960 (line 36). The app was force-stopped at 10:00:08.300, 340 ms after it left: that discards the saved state by design, where a system kill keeps it (line 39)."
        )
        #expect(analysis.expectations.isEmpty, "declared inside tests, not for the whole trace")
    }

    /// `--expect` on a trace without tests judges the whole trace: the lost draft's process was
    /// killed by lmkd in the background, nothing saved the input, and the next start restored nothing.
    @Test func aTraceWithoutTestsIsOneRun() throws {
        let analysis = try analyze(lostDraft, declarations: [ExpectationDeclaration(expectations: ProcessDeathExpectation.allCases)])
        #expect(
            Self.summary(analysis.expectations) == [
                "killed-in-background passed com.example.notes: 28,35", "saved-before-kill failed com.example.notes: 25,35",
                "restored-after-kill failed com.example.notes: 39,43",
            ])
    }

    /// A crash in the foreground is no kill in the background; an app that came back in the
    /// same process was not killed while away.
    @Test func aCrashOrAReturnInTheSameProcessFailsTheKill() throws {
        let lines = try String(contentsOfFile: lostDraft, encoding: .utf8).split(separator: "\n").map(String.init)
        let crash =
            lines[0..<12] + [
                "01-08 09:14:22.100  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main",
                "01-08 09:14:22.100  4242  4242 E AndroidRuntime: Process: com.example.notes, PID: 4242",
                "01-08 09:14:22.101  4242  4242 E AndroidRuntime: java.lang.IllegalStateException: boom",
            ]
        let declared = [ExpectationDeclaration(expectations: [.killedInBackground])]
        let crashed = try analyze(TraceFixture.temporaryFile(name: "crash.log", contents: Data((crash.joined(separator: "\n") + "\n").utf8)).path, declarations: declared)
        #expect(Self.summary(crashed.expectations) == ["killed-in-background failed com.example.notes: 14"])
        #expect(crashed.expectations[0].paragraph == "A crash ended the process at 09:14:22.100, while the app was in the foreground (foreground-active) (line 14).")
        let away = lines[0..<27].joined(separator: "\n") + "\n"
        let returned = try analyze(TraceFixture.temporaryFile(name: "returned.log", contents: Data(away.utf8)).path, declarations: declared)
        #expect(Self.summary(returned.expectations) == ["killed-in-background failed com.example.notes: 15,21"])
        #expect(returned.expectations[0].claims[1].text == "It came back to the foreground at 09:15:02.361 in the same process: no kill happened while it was away")
    }

    /// The instrumentation's lines go out in their place at once, and a later line that names
    /// their pid names the test's process.
    @Test func aLaterLineNamesTheTestsProcess() throws {
        let text = """
            01-08 10:00:00.100  4242  4260 I TestRunner: started: draftSurvives(com.example.notes.EditorTest)
            01-08 10:00:02.300  4242  4260 I TestRunner: finished: draftSurvives(com.example.notes.EditorTest)
            01-08 10:00:02.400  1610  1672 I ActivityManager: Force stopping com.example.notes appid=10187 user=0: finished inst
            01-08 10:00:02.401  1610  1672 I ActivityManager: Killing 4242:com.example.notes/u0a187 (adj 0): stop com.example.notes due to finished inst

            """
        let trace = TraceFixture.temporaryFile(name: "named-later.log", contents: Data(text.utf8))
        let analysis = try analyze(trace.path)
        #expect(analysis.tests.map(\.process) == ["com.example.notes"])
        #expect(analysis.tests.map { $0.endLocation?.line } == [2])
    }

    /// Only the main buffer: no process records, so no claim about a kill either way. (The
    /// app's lines, from a pid nothing names, come out only when the trace ends: the run shows
    /// no app at all.)
    @Test func withoutProcessRecordsNothingIsClaimed() throws {
        let text = """
            01-08 10:00:00.100  4242  4260 I TestRunner: started: draftSurvives(com.example.notes.EditorTest)
            01-08 10:00:01.118  4242  4242 I lifelint: input.edited field=body chars=42
            01-08 10:00:02.300  4242  4260 I TestRunner: finished: draftSurvives(com.example.notes.EditorTest)

            """
        let trace = TraceFixture.temporaryFile(name: "main-only.log", contents: Data(text.utf8))
        let analysis = try analyze(trace.path, declarations: [ExpectationDeclaration(tests: TestNamePattern("*EditorTest#draft*"), expectations: [.killedInBackground])])
        #expect(Self.summary(analysis.tests[0].expectations) == ["killed-in-background cannot-be-told -: -"])
        #expect(analysis.tests[0].expectations[0].claims[0].text.hasPrefix("The trace records no process starts or deaths"))
        let junit = runLifelint(["--year", "2024", "--no-config", "--format", "junit", "--expect", "killed-in-background", trace.path])
        #expect(junit.status == .success)
        #expect(junit.output.contains(#"<skipped message="expectation cannot be told: killed-in-background: The trace records no process starts"#))
    }

    /// Two apps killed in the background during one run, none named: the wrong app's kill must
    /// not pass the test, so nothing is claimed until the app is named.
    @Test func twoCandidatesAreNamedNotGuessed() throws {
        let lines = try String(contentsOfFile: lostDraft, encoding: .utf8).split(separator: "\n").map(String.init)
        let mail = lines.filter { $0.contains("com.example.notes") || $0.contains(" 4242 ") }.map {
            $0.replacingOccurrences(of: "com.example.notes", with: "com.example.mail").replacingOccurrences(of: " 4242 ", with: " 4343 ")
                .replacingOccurrences(of: "(4242)", with: "(4343)").replacingOccurrences(of: "pid 4242", with: "pid 4343")
                .replacingOccurrences(of: "Process 4242", with: "Process 4343").replacingOccurrences(of: "4242:", with: "4343:")
        }
        let merged = (lines.dropFirst() + mail).sorted().joined(separator: "\n") + "\n"
        let trace = TraceFixture.temporaryFile(name: "two-apps.log", contents: Data(merged.utf8))
        let analysis = try analyze(trace.path, declarations: [ExpectationDeclaration(expectations: [.killedInBackground])])
        #expect(Self.summary(analysis.expectations) == ["killed-in-background cannot-be-told -: -"])
        #expect(analysis.expectations[0].claims[0].text.hasPrefix("Several apps could be the one under test (com.example.notes, com.example.mail)"))
        let named = try analyze(trace.path, declarations: [ExpectationDeclaration(expectations: [.killedInBackground], app: "com.example.mail")])
        #expect(Self.summary(named.expectations) == ["killed-in-background passed com.example.mail: 54,64"])
    }

    @Test func aFailedExpectationExitsOneWhateverFailOnSays() {
        let result = runLifelint(["--year", "2024", "--no-config", "--fail-on", "info", "--select", "no-save-at-background", sample])
        #expect(result.status == .findings)
        let quiet = runLifelint(["--year", "2024", "--no-config", "--select", "stale-socket-trusted", sample])
        #expect(quiet.status == .findings, "the force-stop test's expectations failed, though the rule found nothing")
        #expect(
            quiet.output.contains(
                "SampleLogs/android-process-death-test.log:32: expectation failed: killed-in-background: com.example.notes in NotesProcessDeathTest#draftSurvivesForceStop"))
        let annotations = runLifelint(["--year", "2024", "--no-config", "--select", "stale-socket-trusted", "--format", "github", sample]).output.split(separator: "\n")
        let heads = annotations.map { $0.split(separator: "::").first.map(String.init) ?? "" }.filter { $0.contains("process-death-expectation") }
        let head = "file=\(sample),line="
        #expect(
            heads == [
                "error \(head)28,title=lifelint process-death-expectation", "error \(head)32,title=lifelint process-death-expectation",
                "error \(head)32,title=lifelint process-death-expectation", "error \(head)32,title=lifelint process-death-expectation",
                "notice \(head)28,title=lifelint process-death-expectation", "notice \(head)28,title=lifelint process-death-expectation",
            ], "the CI formats report failures as errors and what cannot be told as notes")
    }

    @Test func anUnknownExpectationInALineIsAnErrorNamingIt() {
        let text = """
            01-08 10:00:00.100  4242  4260 I TestRunner: started: draftSurvives(com.example.notes.EditorTest)
            01-08 10:00:00.102  4242  4260 I lifelint: test.expect killed-in-backgrund restored-after-kill
            01-08 10:00:02.300  4242  4260 I TestRunner: finished: draftSurvives(com.example.notes.EditorTest)

            """
        let trace = TraceFixture.temporaryFile(name: "misspelt.log", contents: Data(text.utf8))
        let result = runLifelint(["--year", "2024", "--no-config", trace.path])
        #expect(result.status == .failure)
        #expect(
            result.diagnostics.contains(
                "lifelint: error: \(trace.path):2: test.expect: unknown expectation 'killed-in-backgrund' (did you mean 'killed-in-background'?)"))
        #expect(result.output.contains("expectation cannot be told: restored-after-kill"), "the rest of the line still counts")
    }

    @Test func theCommandLineChecksItsExpectations() {
        let misspelt = runLifelint(["--no-config", "--expect", "saved", sample])
        #expect(misspelt.status == .failure)
        #expect(misspelt.diagnostics.contains("invalid value 'saved' for '--expect'"))
        let lonely = runLifelint(["--no-config", "--expect-app", "com.example.notes", sample])
        #expect(lonely.status == .failure)
    }

    @Test func theConfigurationDeclaresPerTestPattern() throws {
        let good = TraceFixture.temporaryFile(
            name: "good.json", contents: Data(#"{"expectations": [{"tests": "*ForceStop", "expect": ["restored-after-kill"], "app": "com.example.notes"}]}"#.utf8)
        ).path
        let configuration = try Configuration.load(path: good)
        #expect(configuration.expectations == [ExpectationDeclaration(tests: TestNamePattern("*ForceStop"), expectations: [.restoredAfterKill], app: "com.example.notes")])
        let bad = TraceFixture.temporaryFile(name: "bad.json", contents: Data(#"{"expectations": [{"expect": ["restored-after-kil"]}]}"#.utf8)).path
        #expect {
            try Configuration.load(path: bad)
        } throws: { error in
            "\(error)" == "\(bad): 'expectations[0].expect[0]': unknown expectation 'restored-after-kil' (did you mean 'restored-after-kill'?)"
        }
    }

    @Test func testNamePatterns() {
        let pattern = TestNamePattern("*ProcessDeath*#draft?urvives*")
        #expect(pattern.matches(className: "com.example.NotesProcessDeathTest", name: "draftSurvivesForceStop"))
        #expect(!pattern.matches(className: "com.example.NotesTest", name: "draftSurvivesForceStop"))
        #expect(TestNamePattern("draft*").matches(className: "com.example.NotesTest", name: "draftIsSaved"), "the method alone")
        #expect(!TestNamePattern("draft").matches(className: "com.example.NotesTest", name: "draftIsSaved"))
        #expect(TestNamePattern("*a*a*a*b").matches(className: "x", name: "aaaaaaaaaaaaab"))
        #expect(!TestNamePattern("*a*a*a*b").matches(className: "x", name: "aaaaaaaaaaaaaa"))
    }
}
