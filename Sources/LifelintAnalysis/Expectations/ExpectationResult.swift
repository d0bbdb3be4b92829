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
    /// The test it was judged on (`com.example.FooTest#testX`); nil for the whole trace.
    public var test: String?
    /// When the run began.
    public var time: Timestamp
    /// Where the run begins: its test's start line, or the line that declared the expectation.
    public var location: SourceLocation

    /// The claims as one paragraph, each followed by its line.
    public var paragraph: String { Verdict.paragraph(claims, in: location.path) }

    /// `passed`, `failed`, `cannot be told`.
    public var outcomeText: String { outcome == .cannotBeTold ? "cannot be told" : outcome.rawValue }

    /// The rule id a result has in the CI formats, which report every result by a rule.
    public static let ruleID = "process-death-expectation"

    /// The result as a CI format reports it (SARIF, annotations, Code Quality): a failure is an
    /// error, "cannot be told" a note, a pass nothing. Its location is the run's start; the
    /// claims are its related locations.
    public var finding: Finding? {
        guard outcome != .passed else { return nil }
        let subject = (app ?? "no app") + (test.map { " in \($0)" } ?? "")
        let related = claims.compactMap { claim in claim.location.map { Finding.RelatedLocation(location: $0, message: claim.text) } }
        return Finding(
            ruleID: Self.ruleID, severity: outcome == .failed ? .error : .info,
            message: "expectation \(outcomeText): \(expectation.rawValue): \(subject): \(claims.map(\.text).joined(separator: "; "))", app: app ?? "",
            platform: .unknown, time: time, location: location, related: related,
            fingerprint: Fingerprint.make([Self.ruleID, app ?? "", expectation.rawValue, test ?? "", outcome.rawValue]))
    }
}
