import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// What code scanning, Jenkins and GitLab need from the CI formats beyond being well formed.
@Suite struct CIFormatTests {
    private let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    private static let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// xmllint's verdict on `xml` against Jenkins' junit-10.xsd.
    private static func validate(_ xml: String) throws -> (valid: Bool, messages: String) {
        let file = TraceFixture.temporaryFile(name: "junit.xml", contents: Data(xml.utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(xmllint))
        process.arguments = ["--noout", "--schema", RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/schemas/junit-10.xsd"), file.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let messages = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, messages)
    }

    /// Every sample and every real capture of the review set, in one run: each rule's descriptor
    /// and every kind of result the samples produce must satisfy the official schema, which
    /// code-scanning uploads are validated against (tags, for one, must not repeat).
    @Test func sarifOfEverySampleValidatesAgainstTheOfficialSchema() throws {
        let folders = ["SampleLogs", "Tests/LifelintCoreTests/Fixtures/review"].map(RepositoryPaths.path)
        let report = runLifelint(["--no-config", "--year", "2024", "--format", "sarif"] + folders)
        #expect(report.output.contains(#""ruleId" : "data-loss-verdict""#))
        #expect(SARIFSchema.violations(report.output) == [])
    }

    @Test func sarifRuleTagsAreDistinct() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(runLifelint(["--no-config", "--format", "sarif", lostDraft]).output.utf8)) as? [String: Any])
        let driver = try #require(((document["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let descriptors = try #require(driver["rules"] as? [[String: Any]])
        let inactive = try #require(descriptors.first { $0["id"] as? String == "inactive-treated-as-background" })
        #expect((inactive["properties"] as? [String: Any])?["tags"] as? [String] == ["lifecycle", "android", "ios", "react-native", "flutter"], "its area is lifecycle too")
    }

    @Test(.enabled(if: xmllint != nil, "xmllint (libxml2-utils) is not installed"))
    func junitValidatesAgainstJenkinsSchema() throws {
        for extra in [[], ["--junit-only-failures"]] {
            let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit"] + extra + [lostDraft, "/nonexistent/trace.log"])
            let result = try Self.validate(report.output)
            #expect(result.valid, "\(extra): \(result.messages)")
        }
    }

    /// A trace of instrumented tests: one test case per test, failing where a finding happened
    /// while it ran (with the finding as evidence), skipped where its runner skipped it; and the
    /// report still validates.
    @Test func junitHasATestCasePerInstrumentedTest() throws {
        let sample = try String(contentsOfFile: lostDraft, encoding: .utf8).split(separator: "\n").map(String.init)
        let run =
            "01-08 09:13:58.100  4242  4260 I TestRunner: started: draftIsSaved(com.example.notes.EditorTest)\n" + sample[1..<18].joined(separator: "\n")
            + "\n" + """
                01-08 09:14:30.000  4242  4260 I TestRunner: finished: draftIsSaved(com.example.notes.EditorTest)
                01-08 09:14:30.010  4242  4260 I TestRunner: started: titleIsShown(com.example.notes.EditorTest)
                01-08 09:14:31.000  4242  4260 I TestRunner: finished: titleIsShown(com.example.notes.EditorTest)
                01-08 09:14:31.010  4242  4260 I TestRunner: ignored: rotation(com.example.notes.EditorTest)

                """
        let trace = TraceFixture.temporaryFile(name: "instrumented.log", contents: Data(run.utf8))
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit", trace.path]).output
        let cases = report.split(separator: "\n").filter { $0.contains("<testcase") || $0.contains("<failure") || $0.contains("<skipped") }.map {
            $0.trimmingCharacters(in: .whitespaces).prefix(90)
        }
        #expect(
            cases == [
                #"<testcase name="draftIsSaved" classname="com.example.notes.EditorTest">"#,
                #"<failure message="com.example.notes saves &apos;draft&apos; in a teardown callback that a "#,
                #"<testcase name="titleIsShown" classname="com.example.notes.EditorTest"/>"#,
                #"<testcase name="rotation" classname="com.example.notes.EditorTest">"#,
                #"<skipped message="the test runner: ignored"/>"#,
            ])
        if Self.xmllint != nil { #expect(try Self.validate(report).valid) }
    }

    /// A finding is its test's by the line it rests on: a save that never began is decided 5 s
    /// after the background entry, when the test has already finished.
    @Test func aDeadlinePassedAfterItsTestEndedIsStillItsTests() throws {
        let sample = try String(contentsOfFile: lostDraft, encoding: .utf8).split(separator: "\n").map(String.init)
        let run =
            sample[1..<19].joined(separator: "\n") + "\n01-08 09:15:02.300  4242  4260 I TestRunner: started: noteIsSaved(com.example.notes.EditorTest)\n"
            + sample[19..<28].joined(separator: "\n") + "\n01-08 09:15:42.400  4242  4260 I TestRunner: finished: noteIsSaved(com.example.notes.EditorTest)\n"
            + "01-08 09:15:45.000  4242  4260 I TestRunner: started: listIsShown(com.example.notes.EditorTest)\n"
            + "01-08 09:15:50.000  4242  4260 I TestRunner: finished: listIsShown(com.example.notes.EditorTest)\n"
        let trace = TraceFixture.temporaryFile(name: "instrumented.log", contents: Data(run.utf8))
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit", trace.path]).output
        let cases = report.split(separator: "\n").filter { $0.contains("<testcase") || $0.contains("<failure") }.map {
            $0.trimmingCharacters(in: .whitespaces).prefix(70)
        }
        let expected = [
            #"<testcase name="noteIsSaved" classname="com.example.notes.EditorTest">"#,
            #"<failure message="com.example.notes went to the background with unsaved input"#,
            #"<testcase name="listIsShown" classname="com.example.notes.EditorTest"/>"#,
            #"<testcase name="outside any test" classname="\#(JUnitReporter.className(trace.path))">"#,
            #"<failure message="com.example.notes saves &apos;draft&apos; in a teardown callback"#,
        ]
        #expect(cases == expected.map { $0.prefix(70) })
    }

    /// A rule no app gave the evidence for did not run: it is skipped with the reason, not
    /// passed; one evaluated only in part passes and says so.
    @Test func junitSkipsRulesThatWereNotEvaluated() {
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit", lostDraft]).output
        let cases = report.split(separator: "\n").map(String.init)
        #expect(
            report.contains(#"tests="\#(RuleExamplesTests.catalog.rules.count)" failures="4" errors="0" skipped="13" "#),
            "the 13 rules the text report's note says were not evaluated")
        #expect(cases.filter { $0.contains("<skipped ") }.count == 13)
        #expect(cases.contains(#"      <skipped message="not evaluated: no app reported launch.deeplink: instrument the app or add a mapping"/>"#))
        #expect(
            cases.contains(
                #"      <skipped message="not evaluated: no crash reporter&apos;s event in the trace: the rule checks a Sentry, Bugsnag or Crashlytics event&apos;s claim against its trail"/>"#
            ))
        #expect(
            cases.contains(
                #"      <skipped message="not evaluated: no ANR thread dump in the trace: the rule reads one (/data/anr/anr_*, a bugreport&apos;s FS/data/anr, or its main thread pasted alone)"/>"#
            ))
        let taskCase = cases.drop { !$0.contains(#"<testcase name="background-task-not-ended""#) }.dropFirst().first
        #expect(taskCase == "      <system-out>evaluated only on the platform's own evidence: no app reported bgtask.*: instrument the app or add a mapping</system-out>")
        let flushCase = cases.drop { !$0.contains(#"<testcase name="flush-overruns-grace-window""#) }.dropFirst().first
        #expect(flushCase == "      <system-out>evaluated in full on 1 of 2 apps; not on com.android.camera2, which reports no persist.*</system-out>")
        #expect(
            cases.contains(#"    <testcase name="killed-holding-lock-at-suspension" classname="\#(JUnitReporter.className(lostDraft))"/>"#), "evaluated on every app, nothing found"
        )
    }

    /// A real capture whose app reports no input, so its verdict cannot tell what was at risk:
    /// the data-loss check did not happen.
    @Test func junitSkipsTheVerdictCheckWhenNoVerdictCouldTell() {
        let capture = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/review/logcat-events-threadtime-kill9-state-not-saved-byd-kachi-c5a.txt")
        let lines = runLifelint(["--year", "2024", "--no-config", "--format", "junit", capture]).output.split(separator: "\n").map(String.init)
        let verdictCase = lines.drop { !$0.contains(#"<testcase name="data-loss-verdict""#) }.dropFirst().first
        #expect(verdictCase == #"      <skipped message="not evaluated: no app reported input.edited: instrument the app or add a mapping"/>"#)
    }

    @Test func junitSkipsEveryRuleOnATraceWithoutApps() {
        let trace = TraceFixture.temporaryFile(name: "quiet.log", contents: Data("01-08 09:00:00.000  100  100 I Zygote: preloading\n".utf8)).path
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit", trace]).output
        let rules = RuleExamplesTests.catalog.rules.count
        #expect(report.contains(#"tests="\#(rules)" failures="0" errors="0" skipped="\#(rules)" "#))
        #expect(report.split(separator: "\n").filter { $0.contains(#"<skipped message="not evaluated: the trace shows no app&apos;s lifecycle"/>"#) }.count == rules)
    }

    @Test func junitOnlyFailuresLeavesOutPassingCases() {
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit", "--junit-only-failures", lostDraft]).output
        let cases = report.split(separator: "\n").filter { $0.contains("<testcase ") }
        #expect(cases.count == 4)
        #expect(report.contains(#"<testsuites name="lifelint" tests="4" failures="4" errors="0" time=""#))
        #expect(cases.allSatisfy { $0.contains(#"classname="SampleLogs/android-lost-draft_log""#) || $0.contains("_log\"") })
    }

    @Test func junitSuitesSayWhenWhereAndHowLong() {
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "junit", lostDraft]).output
        let suite = report.split(separator: "\n").first { $0.hasPrefix("  <testsuite ") }.map(String.init) ?? ""
        #expect(suite.contains(" file=\"\(lostDraft)\" "))
        #expect(
            suite.range(of: #" time="[0-9]+\.[0-9]{3}" timestamp="20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}" hostname="[^"]+">"#, options: .regularExpression) != nil,
            "\(suite)")
    }

    @Test func sarifLocationsAreRelativeToTheCheckoutOrNested() {
        var artifacts = SARIFArtifacts(base: "/repo")
        #expect(artifacts.location(of: "./traces/a.log") as NSDictionary == ["uri": "traces/a.log", "uriBaseId": "%SRCROOT%"])
        #expect(artifacts.location(of: "/repo/traces/b c.log") as NSDictionary == ["uri": "traces/b%20c.log", "uriBaseId": "%SRCROOT%"])
        #expect(artifacts.location(of: "/var/log/x.log") as NSDictionary == ["uri": "file:///var/log/x.log"])
        #expect(artifacts.location(of: "dumps/bugreport.zip!bugreport-1.txt") as NSDictionary == ["uri": "/bugreport-1.txt", "index": 1])
        #expect(artifacts.location(of: "dumps/bugreport.zip!bugreport-1.txt") as NSDictionary == ["uri": "/bugreport-1.txt", "index": 1], "registered once")
        #expect(artifacts.location(of: "t/lost.log.gz") as NSDictionary == ["uri": "/lost.log", "index": 3])
        #expect(artifacts.artifacts.count == 4)
        #expect(artifacts.artifacts[0] as NSDictionary == ["location": ["uri": "dumps/bugreport.zip", "uriBaseId": "%SRCROOT%"]])
        #expect(artifacts.artifacts[1] as NSDictionary == ["location": ["uri": "/bugreport-1.txt"], "parentIndex": 0])
        #expect(artifacts.artifacts[3] as NSDictionary == ["location": ["uri": "/lost.log"], "parentIndex": 2])
        #expect(artifacts.originalURIBaseIDs as NSDictionary == ["%SRCROOT%": ["uri": "file:///repo/"]])
    }

    @Test func sarifMessagesLinkTheirRelatedLocations() {
        let finding = Finding(
            ruleID: "r", severity: .error, message: "saved [late]", app: "a", platform: .android, time: .unknown,
            location: SourceLocation(path: "t.log", line: 9),
            related: [.init(location: SourceLocation(path: "t.log", line: 3), message: "left here"), .init(location: SourceLocation(path: "t.log", line: 5), message: "a [b]")],
            fingerprint: "f")
        #expect(SARIFReporter.message(finding) == #"saved \[late\]. See: [left here](0); [a \[b\]](1)."#)
    }

    @Test func checkstyleSourcesNameTheAreaAndTheRule() {
        let report = runLifelint(["--year", "2024", "--no-config", "--format", "checkstyle", lostDraft]).output
        #expect(report.contains(#"source="lifelint.persistence.save-in-on-destroy""#))
        #expect(report.contains(#"source="lifelint.state.state-lost-after-process-death""#))
        #expect(report.contains(#"source="lifelint.persistence.data-loss-verdict""#))
    }
}
