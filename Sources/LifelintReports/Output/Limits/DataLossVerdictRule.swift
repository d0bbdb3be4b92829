import LifelintModel
import LifelintAnalysis

/// The post-mortem verdicts as results of a rule of their own, `data-loss-verdict`, for the
/// formats a CI system reads (SARIF, JUnit, Checkstyle, GitHub annotations, Markdown): an error
/// when the user's input was lost or its save was cut off, a warning when it was saved only
/// after the grace window. The other verdicts are not results. Verdict results do not change
/// the exit status, which the rules' findings decide (decision 0023).
public enum DataLossVerdictRule {
    public static let id = "data-loss-verdict"
    public static let area = RuleArea.persistence
    public static let summary = "A process death after a background entry lost the user's input, cut its save off, or came after a late save."
    public static let rationale = """
        The post-mortem follows each background entry that a process death ended: what input was at \
        risk, whether a save began and finished before the kill, and what the next start restored. \
        A verdict of lost data is what a user reports as "my draft was gone".
        """
    public static let fix = "Read the verdict's paragraph and the findings that cite the same lines: save when the app leaves the foreground, within the grace window."

    /// The verdict as a result, or nil for a verdict that reports no loss or risk.
    public static func result(_ verdict: Verdict) -> Finding? {
        let severity: Severity
        switch verdict.outcome {
        case .lost, .saveCutOff: severity = .error
        case .savedLate: severity = .warning
        case .saved, .restored, .nothingAtRisk, .noEvidence, .unknown: return nil
        }
        let related = verdict.claims.compactMap { claim in
            claim.location.map { Finding.RelatedLocation(location: $0, message: claim.text) }
        }
        return Finding(
            ruleID: id, severity: severity, message: "\(verdict.subject): \(verdict.outcome.headline)", app: verdict.app,
            platform: verdict.platform, time: verdict.time, location: verdict.location, related: related,
            fingerprint: Fingerprint.make([id, verdict.app, verdict.outcome.rawValue, verdict.location.description]))
    }
}
