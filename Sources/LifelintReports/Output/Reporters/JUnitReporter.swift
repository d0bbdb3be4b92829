import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JUnit XML (`--format junit`), which every CI system displays: one `testsuite` per trace and
/// in it one `testcase` per rule that ran. A rule fails on a trace when it found something at or
/// above `--fail-on` there; findings below that level are listed in the test case's
/// `system-out`. A rule that no app of the trace gave the evidence for is `skipped`, with the
/// reason, and one evaluated on only some apps says so in `system-out`: a green test is a
/// check that happened. The data-loss verdicts are the test case `data-loss-verdict`. A trace that could
/// not be read is a suite with one `error`.
///
/// Suites carry `file` (the trace), `timestamp` (when the run began), `hostname` and `time`
/// (seconds spent on the trace), as junit-10.xsd allows; test cases carry a `classname` without
/// dots, since Jenkins splits class names at the last dot (`android-lost-draft.log` would
/// become a class `log`).
/// A trace of instrumented tests has one test case per test instead (`testCases`), named by
/// the test's class and method, which its process-death expectations also fail or skip. With `onlyFailures` (`--junit-only-failures`), passing test
/// cases are left out.
public struct JUnitReporter: Reporter {
    private let output: ByteOutput
    private let onlyFailures: Bool

    public init(output: ByteOutput, onlyFailures: Bool = false) {
        self.output = output
        self.onlyFailures = onlyFailures
    }

    public mutating func finish(_ run: RunReport) {
        let context = Context(timestamp: Self.timestamp(run.started), hostname: XMLText.escapedAttribute(Self.hostname))
        let suites = run.traces.map { suite($0, run, context) }
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        let time = Self.seconds(run.traces.reduce(0) { $0 + $1.seconds })
        output.writeLine(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        output.writeLine(#"<testsuites name="lifelint" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)" time="\#(time)">"#)
        for suite in suites { output.write(suite.xml) }
        output.writeLine("</testsuites>")
    }

    private struct Context {
        let timestamp: String
        let hostname: String
    }

    private struct Suite {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
        var xml = ""
    }

    /// What one test case says of a rule on a trace.
    enum CaseOutcome: Equatable {
        /// The rule ran and found nothing at or above `--fail-on`; the text says what it
        /// could not look at (apps lacking its evidence) or found below that level.
        case passed(note: String?)
        case failed
        /// The rule could not be evaluated on any app of the trace: a pass would claim a
        /// check that never happened.
        case skipped(reason: String)
    }

    private func suite(_ trace: TraceReport, _ run: RunReport, _ context: Context) -> Suite {
        var suite = Suite()
        var cases = ""
        let file = XMLText.escapedAttribute(trace.path)
        let classname = XMLText.escapedAttribute(Self.className(trace.path))
        let attributes = "classname=\"\(classname)\""
        if let error = trace.error {
            suite.tests = 1
            suite.errors = 1
            cases += "    <testcase name=\"read\" \(attributes)>\n"
            cases += "      <error message=\"\(XMLText.escapedAttribute(error))\">\(XMLText.escapedText(trace.diagnostics.joined(separator: "\n")))</error>\n"
            cases += "    </testcase>\n"
        }
        if trace.summary != nil, !trace.tests.isEmpty {
            cases += testCases(trace, run, &suite)
        } else if trace.summary != nil {
            let results = trace.results
            let coverage = Dictionary(trace.coverage.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })
            for ruleID in run.rules.map(\.id) {
                let findings = results.filter { $0.ruleID == ruleID }
                let failing = findings.filter { $0.severity >= run.failOn }
                if onlyFailures, failing.isEmpty { continue }
                suite.tests += 1
                let outcome = Self.outcome(failing: !failing.isEmpty, coverage: coverage[ruleID])
                let name = XMLText.escapedAttribute(ruleID)
                var body = ""
                switch outcome {
                case .failed:
                    suite.failures += 1
                    let message = failing.count == 1 ? failing[0].message : "\(failing.count) findings: \(failing[0].message)"
                    body += "      <failure message=\"\(XMLText.escapedAttribute(message))\" type=\"\(failing[0].severity.rawValue)\">"
                    body += XMLText.escapedText(failing.map(Self.describe).joined(separator: "\n")) + "</failure>\n"
                case .skipped(let reason):
                    suite.skipped += 1
                    body += "      <skipped message=\"\(XMLText.escapedAttribute(reason))\"/>\n"
                case .passed(let note):
                    if let note { body += "      <system-out>" + XMLText.escapedText(note) + "</system-out>\n" }
                }
                let quiet = findings.filter { $0.severity < run.failOn }
                if !quiet.isEmpty {
                    body += "      <system-out>" + XMLText.escapedText(quiet.map(Self.describe).joined(separator: "\n")) + "</system-out>\n"
                }
                cases += body.isEmpty ? "    <testcase name=\"\(name)\" \(attributes)/>\n" : "    <testcase name=\"\(name)\" \(attributes)>\n" + body + "    </testcase>\n"
            }
            cases += expectationCase(trace, run, &suite)
        }
        suite.xml =
            "  <testsuite name=\"\(file)\" file=\"\(file)\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\" errors=\"\(suite.errors)\""
            + " skipped=\"\(suite.skipped)\" time=\"\(Self.seconds(trace.seconds))\" timestamp=\"\(context.timestamp)\" hostname=\"\(context.hostname)\">\n"
            + cases + "  </testsuite>\n"
        return suite
    }

    /// A trace of instrumented tests (`TestRunner` lines): one test case per test, failing when a
    /// finding at or above `--fail-on` happened while it ran or one of its process-death
    /// expectations failed, with the findings and the expectations' claims as its evidence;
    /// skipped when its runner skipped it or an expectation cannot be told; the findings outside
    /// every test in one more case.
    private func testCases(_ trace: TraceReport, _ run: RunReport, _ suite: inout Suite) -> String {
        var cases = ""
        var attributed = Set<Int>()
        // The expectations are their tests' own, below.
        let results = trace.results.filter { $0.ruleID != ExpectationResult.ruleID }
        for test in trace.tests {
            let indices = results.indices.filter { !attributed.contains($0) && test.contains(results[$0]) }
            attributed.formUnion(indices)
            cases += testCase(
                name: test.name, className: test.className, findings: indices.map { results[$0] }, expectations: test.expectations,
                skipped: test.wasSkipped ? "the test runner: \(test.outcome ?? "")" : nil, run, &suite)
        }
        let outside = results.indices.filter { !attributed.contains($0) }.map { results[$0] }
        if !outside.isEmpty || !trace.expectations.isEmpty {
            cases += testCase(
                name: "outside any test", className: Self.className(trace.path), findings: outside, expectations: trace.expectations, skipped: nil, run, &suite)
        }
        return cases
    }

    /// The whole trace's process-death expectations, in a report of one test case per rule:
    /// one more case, `process-death expectations`.
    private func expectationCase(_ trace: TraceReport, _ run: RunReport, _ suite: inout Suite) -> String {
        guard !trace.expectations.isEmpty else { return "" }
        return testCase(name: "process-death expectations", className: Self.className(trace.path), findings: [], expectations: trace.expectations, skipped: nil, run, &suite)
    }

    private func testCase(
        name: String, className: String, findings: [Finding], expectations: [ExpectationResult], skipped: String?, _ run: RunReport, _ suite: inout Suite
    ) -> String {
        let failing = findings.filter { $0.severity >= run.failOn }
        let failed = expectations.filter { $0.outcome == .failed }
        let untold = expectations.filter { $0.outcome == .cannotBeTold }
        if onlyFailures, failing.isEmpty, failed.isEmpty { return "" }
        suite.tests += 1
        var body = ""
        if !failing.isEmpty || !failed.isEmpty {
            suite.failures += 1
            let messages = failed.map { "expectation failed: \($0.expectation.rawValue): \($0.paragraph)" } + failing.map(\.message)
            let message = messages.count == 1 ? messages[0] : "\(messages.count) failures: \(messages[0])"
            let type = failed.isEmpty ? failing[0].severity.rawValue : "expectation"
            body += "      <failure message=\"\(XMLText.escapedAttribute(message))\" type=\"\(type)\">"
            body += XMLText.escapedText((failed.map(Self.describe) + failing.map(Self.describe)).joined(separator: "\n")) + "</failure>\n"
        } else if let reason = skipped ?? untold.first.map({ "expectation cannot be told: \($0.expectation.rawValue): \($0.paragraph)" }) {
            suite.skipped += 1
            body += "      <skipped message=\"\(XMLText.escapedAttribute(reason))\"/>\n"
        }
        let quiet = expectations.filter { $0.outcome != .failed }.map(Self.describe) + findings.filter { $0.severity < run.failOn }.map(Self.describe)
        if !quiet.isEmpty { body += "      <system-out>" + XMLText.escapedText(quiet.joined(separator: "\n")) + "</system-out>\n" }
        let attributes = "name=\"\(XMLText.escapedAttribute(name))\" classname=\"\(XMLText.escapedAttribute(className))\""
        return body.isEmpty ? "    <testcase \(attributes)/>\n" : "    <testcase \(attributes)>\n" + body + "    </testcase>\n"
    }

    /// A rule's test case on a trace: failed when it found something at or above `--fail-on`;
    /// otherwise skipped when it could be evaluated on no app (`RuleCoverage`), and passed with
    /// a note when only in part.
    static func outcome(failing: Bool, coverage: RuleCoverage?) -> CaseOutcome {
        if failing { return .failed }
        guard let coverage else { return .passed(note: nil) }
        if coverage.apps.names.isEmpty { return .skipped(reason: "not evaluated: the trace shows no app's lifecycle") }
        if !coverage.contains(.evaluated) {
            if coverage.contains(.partial) { return .passed(note: "evaluated only on the platform's own evidence: \(coverage.reason)") }
            return .skipped(reason: "not evaluated: \(coverage.reason)")
        }
        let missing = coverage.partial + coverage.notEvaluated
        guard !missing.isEmpty else { return .passed(note: nil) }
        let named = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
        let which = missing.count == 1 ? "which reports" : "which report"
        return .passed(
            note: "evaluated in full on \(coverage.evaluated.count) of \(coverage.apps.names.count) apps; not on \(named), \(which) no \(RuleCoverage.describe(coverage.needs))")
    }

    /// The expectation as the text report shows it.
    static func describe(_ result: ExpectationResult) -> String {
        "\(result.location): expectation \(result.outcomeText): "
            + "\(result.expectation.rawValue): \(result.app ?? "no app")\n    \(result.paragraph)"
    }

    /// The finding as the text report shows it.
    static func describe(_ finding: Finding) -> String {
        var lines = ["\(finding.location): \(finding.severity.rawValue): \(finding.message)", "    \(finding.app) at \(finding.time.readable)"]
        lines += finding.related.map { "    \($0.location): note: \($0.message)" }
        return lines.joined(separator: "\n")
    }

    /// The trace's path with its dots made underscores, so no CI splits it into a package and
    /// a class.
    static func className(_ path: String) -> String {
        path.replacingOccurrences(of: ".", with: "_")
    }

    /// `2024-01-08T09:14:25`, in UTC, as junit-10.xsd's timestamp pattern wants (no zone).
    static func timestamp(_ time: Timestamp) -> String {
        let civil = CivilDateTime(nanosecondsSinceEpoch: time.nanoseconds)
        return String(civil.iso8601DateTime(fractionDigits: 0).prefix(19))
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static var hostname: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
