import LifelintCore

/// lifelint's exit statuses: what a CI job acts on.
package enum ExitCode: Int32, Sendable {
    /// No finding at or above the failing level, and every input was read.
    case success = 0
    /// Findings at or above the failing level.
    case findings = 1
    /// A usage error, or an input that could not be read (the other inputs were still processed).
    case failure = 2
}

extension ExitCode {
    init(_ outcome: RunReport.Outcome) {
        switch outcome {
        case .clean: self = .success
        case .findings: self = .findings
        case .unreadableTraces: self = .failure
        }
    }
}
