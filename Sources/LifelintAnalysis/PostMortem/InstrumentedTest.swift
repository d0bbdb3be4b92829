import LifelintModel

/// One instrumented test of the trace (`test.started` to `test.finished`, docs/formats.md §22):
/// what the findings during it are attributed to, so a CI report says which test they came from.
public struct InstrumentedTest: Sendable, Equatable {
    public let name: String
    public let className: String
    /// The process its instrumentation ran in (the `TestRunner` line's app, or the name a later
    /// line gave its pid).
    public var process: String
    public let start: Timestamp
    public let location: SourceLocation
    /// Nil while the trace has not shown it finish (it ran to the end of the trace).
    public var end: Timestamp?
    public var endLocation: SourceLocation?
    /// `passed`, `failed`, `assumption-failed`, `ignored` (JUnit) or `skipped` (XCTSkip), as the
    /// runner said; nil when it did not finish in the trace.
    public var outcome: String?
    /// Its process-death expectations, judged (`ProcessDeathOracle`); empty when it declared none.
    public var expectations: [ExpectationResult] = []

    /// Whether the finding arose while the test ran: its line (the event it rests on) between
    /// the test's start and finish lines in the same file, so a deadline that passes after the
    /// test ended is still its test's; else, from another file, its time on the test's clock.
    public func contains(_ finding: Finding) -> Bool {
        if finding.location.path == location.path {
            return finding.location.line >= location.line && finding.location.line <= (endLocation?.line ?? .max)
        }
        guard finding.time.clock == start.clock, finding.time.clock != .unknown else { return false }
        return finding.time.nanoseconds >= start.nanoseconds && finding.time.nanoseconds <= (end?.nanoseconds ?? .max)
    }

    /// The test's own runner said it did not run to a verdict: skipped on an assumption, or ignored.
    public var wasSkipped: Bool { outcome == "ignored" || outcome == "assumption-failed" || outcome == "skipped" }
}

/// The tests of a trace, from its `test.*` events in time order.
struct InstrumentedTestCollector {
    private(set) var tests: [InstrumentedTest] = []
    /// The test each class#method key started, still running.
    private var running: [String: Int] = [:]

    /// Names the process of the test at `index`, which had none when it ran.
    mutating func name(_ index: Int, process: String) {
        tests[index].process = process
    }

    /// The index of the test the event started or finished.
    @discardableResult
    mutating func record(_ event: Event) -> Int? {
        guard event.name.is(.testStarted) || event.name.is(.testFinished) else { return nil }
        let name = event.attributes["test"] ?? "?"
        let className = event.attributes["class"] ?? "?"
        let key = className + "#" + name
        if event.name.is(.testStarted) {
            running[key] = tests.count
            tests.append(InstrumentedTest(name: name, className: className, process: event.app, start: event.time, location: event.source))
            return tests.count - 1
        }
        let index = running.removeValue(forKey: key) ?? tests.count
        if index == tests.count {
            tests.append(InstrumentedTest(name: name, className: className, process: event.app, start: event.time, location: event.source))
        }
        tests[index].end = event.time
        tests[index].endLocation = event.source
        tests[index].outcome = event.attributes["outcome"]
        return index
    }
}
