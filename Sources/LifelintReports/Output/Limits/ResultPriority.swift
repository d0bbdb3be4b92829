import LifelintModel
import LifelintAnalysis

/// The order in which results matter when a platform takes only some of them: the most severe
/// first; among equals, a data-loss verdict before a rule's finding; then by rule and by place
/// in the trace.
public enum ResultPriority {
    public static func isBefore(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        let lhsVerdict = lhs.ruleID == DataLossVerdictRule.id
        let rhsVerdict = rhs.ruleID == DataLossVerdictRule.id
        if lhsVerdict != rhsVerdict { return lhsVerdict }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.location < rhs.location
    }

    /// The indexes of the `limit` most important results, in their original order.
    public static func mostImportant(_ results: [Finding], limit: Int) -> [Int] {
        guard results.count > limit else { return Array(results.indices) }
        let ranked = results.indices.sorted { isBefore(results[$0], results[$1]) }
        return ranked.prefix(limit).sorted()
    }
}
