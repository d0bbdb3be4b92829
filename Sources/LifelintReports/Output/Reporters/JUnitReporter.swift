import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// JUnit XML (`--format junit`), which every CI system displays: one `testsuite` per trace and
/// in it one `testcase` per rule that ran. A rule fails on a trace when it found something at or
/// above `--fail-on` there; findings below that level are listed in the test case's
/// `system-out`. The data-loss verdicts are the test case `data-loss-verdict`. A trace that could
/// not be read is a suite with one `error`.
public struct JUnitReporter: Reporter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        let suites = run.traces.map { suite($0, run) }
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        output.writeLine(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        output.writeLine(#"<testsuites name="lifelint" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)">"#)
        for suite in suites { output.write(suite.xml) }
        output.writeLine("</testsuites>")
    }

    private struct Suite {
        var tests = 0
        var failures = 0
        var errors = 0
        var xml = ""
    }

    private func suite(_ trace: TraceReport, _ run: RunReport) -> Suite {
        var suite = Suite()
        var cases = ""
        if let error = trace.error {
            suite.tests = 1
            suite.errors = 1
            cases += "    <testcase name=\"read\" classname=\"\(XMLText.escapedAttribute(trace.path))\">\n"
            cases += "      <error message=\"\(XMLText.escapedAttribute(error))\">\(XMLText.escapedText(trace.diagnostics.joined(separator: "\n")))</error>\n"
            cases += "    </testcase>\n"
        }
        if trace.summary != nil {
            let results = trace.results
            for ruleID in run.rules.map(\.id) + [DataLossVerdictRule.id] {
                suite.tests += 1
                let findings = results.filter { $0.ruleID == ruleID }
                let failing = findings.filter { $0.severity >= run.failOn }
                let name = XMLText.escapedAttribute(ruleID)
                let classname = XMLText.escapedAttribute(trace.path)
                guard !findings.isEmpty else {
                    cases += "    <testcase name=\"\(name)\" classname=\"\(classname)\"/>\n"
                    continue
                }
                cases += "    <testcase name=\"\(name)\" classname=\"\(classname)\">\n"
                if !failing.isEmpty {
                    suite.failures += 1
                    let message = failing.count == 1 ? failing[0].message : "\(failing.count) findings: \(failing[0].message)"
                    cases += "      <failure message=\"\(XMLText.escapedAttribute(message))\" type=\"\(failing[0].severity.rawValue)\">"
                    cases += XMLText.escapedText(failing.map(Self.describe).joined(separator: "\n")) + "</failure>\n"
                }
                let quiet = findings.filter { $0.severity < run.failOn }
                if !quiet.isEmpty {
                    cases += "      <system-out>" + XMLText.escapedText(quiet.map(Self.describe).joined(separator: "\n")) + "</system-out>\n"
                }
                cases += "    </testcase>\n"
            }
        }
        suite.xml = "  <testsuite name=\"\(XMLText.escapedAttribute(trace.path))\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\" errors=\"\(suite.errors)\">\n"
            + cases + "  </testsuite>\n"
        return suite
    }

    /// The finding as the text report shows it.
    static func describe(_ finding: Finding) -> String {
        var lines = ["\(finding.location): \(finding.severity.rawValue): \(finding.message)", "    \(finding.app) at \(finding.time.iso8601 ?? "an unknown time")"]
        lines += finding.related.map { "    \($0.location): note: \($0.message)" }
        return lines.joined(separator: "\n")
    }
}
