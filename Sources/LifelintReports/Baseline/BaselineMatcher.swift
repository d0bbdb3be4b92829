import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Applies a baseline to a run's traces in input order: each finding whose fingerprint still
/// has an unused count in the baseline is hidden; what is left unused at the end is stale.
public struct BaselineMatcher {
    private let path: String
    private let baseline: Baseline
    private var remaining: [String: Int] = [:]
    private var suppressed = 0

    public init(_ baseline: Baseline, path: String) {
        self.baseline = baseline
        self.path = path
        for entry in baseline.entries { remaining[entry.fingerprint, default: 0] += entry.count }
    }

    public mutating func apply(to trace: inout TraceReport) {
        var kept: [Finding] = []
        for finding in trace.findings {
            if let count = remaining[finding.fingerprint], count > 0 {
                remaining[finding.fingerprint] = count - 1
                trace.baselined.append(finding)
                suppressed += 1
            } else {
                kept.append(finding)
            }
        }
        trace.findings = kept
    }

    public var outcome: BaselineOutcome {
        let stale = baseline.entries.compactMap { entry -> Baseline.Entry? in
            guard let count = remaining[entry.fingerprint], count > 0 else { return nil }
            var stale = entry
            stale.count = min(count, entry.count)
            return stale
        }
        return BaselineOutcome(path: path, suppressed: suppressed, stale: stale)
    }
}
