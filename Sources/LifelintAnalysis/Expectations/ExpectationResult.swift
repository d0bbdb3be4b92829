import LifelintModel

/// A process-death expectation judged on one run (a test, or the whole trace): passed, failed,
/// or not decidable from what the trace holds, with the claims and lines it rests on.
public struct ExpectationResult: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        case passed
        case failed
        /// The trace lacks the evidence either way (no process records, an app that logs no
        /// saves, a trace that ends first): neither a pass nor a failure can be claimed.
        case cannotBeTold = "cannot-be-told"
    }

    public var expectation: ProcessDeathExpectation
    public var outcome: Outcome
    /// The app it was judged on; nil when the run showed no app to judge.
    public var app: String?
    public var claims: [Verdict.Claim]
    /// Where the run begins: its test's start line, or the line that declared the expectation.
    public var location: SourceLocation

    /// The claims as one paragraph, each followed by its line.
    public var paragraph: String { Verdict.paragraph(claims, in: location.path) }

    /// `killed-in-background failed`.
    public var headline: String { "\(expectation.rawValue) \(outcome == .cannotBeTold ? "cannot be told" : outcome.rawValue)" }
}
