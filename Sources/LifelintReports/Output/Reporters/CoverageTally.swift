import LifelintAnalysis
import LifelintModel

/// Which rules some app of some trace gave the evidence for, gathered trace by trace for the
/// text report's closing note, so the run need not keep every trace's coverage to the end.
struct CoverageTally {
    private var rules: [String] = []
    private var needs: [String: [String]] = [:]
    private var evaluated: Set<String> = []
    private var partial: Set<String> = []
    private var anyApps = false

    mutating func add(_ coverages: [RuleCoverage]) {
        for coverage in coverages {
            if needs[coverage.rule] == nil {
                rules.append(coverage.rule)
                needs[coverage.rule] = coverage.needs
            }
            if !coverage.apps.names.isEmpty { anyApps = true }
            if coverage.contains(.evaluated) { evaluated.insert(coverage.rule) }
            if coverage.contains(.partial) { partial.insert(coverage.rule) }
        }
    }

    /// One line for the run: the rules no app of any trace gave the evidence for (and those
    /// evaluated only on the platform's own evidence), and what that evidence is. Nil when every
    /// rule was evaluated in full somewhere, or no trace had apps.
    var note: String? {
        guard anyApps else { return nil }
        let missing = rules.filter { !evaluated.contains($0) }
        guard !missing.isEmpty else { return nil }
        var listedNeeds: [String] = []
        for need in missing.flatMap({ needs[$0] ?? [] }) where !listedNeeds.contains(need) && !Self.fromTheTrace.contains(need) {
            listedNeeds.append(need)
        }
        let listed = listedNeeds.prefix(6).joined(separator: ", ") + (listedNeeds.count > 6 ? ", …" : "")
        let partly = partial.subtracting(evaluated)
        let unevaluated = rules.count - evaluated.count - partly.count
        let counts =
            partly.isEmpty
            ? "\(unevaluated) of \(rules.count) rules not evaluated"
            : "\(unevaluated) of \(rules.count) rules not evaluated and \(partly.count) only on the platform's own evidence"
        guard !listedNeeds.isEmpty else { return "\(counts): they read what the traces do not hold (--format json lists the coverage per app)" }
        return "\(counts): no app reported \(listed) (instrument the app or add a mapping; --format json lists the coverage per app)"
    }

    /// What no instrumentation or mapping gives: evidence only a kind of trace holds (a crash
    /// reporter's event, an ANR's thread dump).
    private static let fromTheTrace: Set<String> = ["reporter.event", "evidence.anr-dump"]
}
