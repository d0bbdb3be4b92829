import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A whole run, as the reporters see it at the end: every trace in input order, the rules that
/// ran (SARIF and JUnit list them), and what the baseline did. A run whose reporters all
/// stream keeps no traces (`traces` is empty), only their `tally`.
public struct RunReport: Sendable {
    public var traces: [TraceReport]
    /// The counts of every trace of the run, kept or not.
    public var tally: RunTally
    public var rules: [Rule]
    /// The severity at and above which findings fail the run (`--fail-on`).
    public var failOn: Severity
    /// Present when a baseline was applied.
    public var baseline: BaselineOutcome?
    /// When the run began (JUnit's `timestamp`).
    public var started: Timestamp
    /// The configuration file the run used; nil when none.
    public var configuration: String?

    public init(
        traces: [TraceReport], tally: RunTally? = nil, rules: [Rule], failOn: Severity = .error, baseline: BaselineOutcome? = nil,
        started: Timestamp = .now, configuration: String? = nil
    ) {
        self.traces = traces
        self.tally = tally ?? RunTally(traces)
        self.rules = rules
        self.failOn = failOn
        self.baseline = baseline
        self.started = started
        self.configuration = configuration
    }

    public var findings: [Finding] { traces.flatMap(\.findings) }

    /// What the CI formats report: each trace's findings, then its data-loss verdicts as
    /// results of `data-loss-verdict`.
    public var results: [Finding] { traces.flatMap(\.results) }
    public var failedTraces: Int { tally.failedTraces }

    public func count(_ severity: Severity) -> Int { tally.count(severity) }

    /// How the run went, as a CI job acts on it: a trace that could not be read outweighs
    /// findings at or above `failOn`.
    public enum Outcome: Sendable {
        case clean
        case findings
        case unreadableTraces
    }

    public var outcome: Outcome {
        if failedTraces > 0 { return .unreadableTraces }
        if tally.failedExpectations > 0 { return .findings }
        return tally.highestSeverity.map { $0 >= failOn } == true ? .findings : .clean
    }

    /// "3 errors, 2 warnings" or "no findings".
    public var findingCounts: String {
        let counts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = count(severity)
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return counts.isEmpty ? "no findings" : counts.joined(separator: ", ")
    }
}

extension TraceReport {
    /// The trace's findings, its data-loss verdicts as results of `data-loss-verdict`, then its
    /// process-death expectations that failed or cannot be told.
    public var results: [Finding] { findings + verdictResults + judgedExpectations.compactMap(\.finding) }

    /// Every process-death expectation judged on the trace: its tests', then the whole trace's.
    public var judgedExpectations: [ExpectationResult] { tests.flatMap(\.expectations) + expectations }
}
