/// Process-death expectations declared for some runs: by the configuration (`expectations`,
/// per test name pattern), by `--expect`, or by a `lifelint: test.expect …` line. Checked when
/// read, so a run never meets a misspelt expectation.
public struct ExpectationDeclaration: Sendable, Hashable {
    /// The tests it applies to; nil for every test, and for the whole trace when the trace
    /// holds no tests (a Maestro flow, a kill by hand).
    public var tests: TestNamePattern?
    public var expectations: [ProcessDeathExpectation]
    /// The app under test; nil to find it in the run (docs/reference.md says how).
    public var app: String?

    public init(tests: TestNamePattern? = nil, expectations: [ProcessDeathExpectation], app: String? = nil) {
        self.tests = tests
        self.expectations = expectations
        self.app = app
    }

    /// Whether it applies to the test, or (nil) to a trace without tests.
    public func applies(to test: (className: String, name: String)?) -> Bool {
        guard let test else { return tests == nil }
        return tests?.matches(className: test.className, name: test.name) ?? true
    }
}
