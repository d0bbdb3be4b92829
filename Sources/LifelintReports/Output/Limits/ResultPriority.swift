import LifelintAnalysis
import LifelintModel

/// The order in which results matter when a platform takes only some of them: the most severe
/// first; among equals, round by round across rules (every rule's first result, by place in the
/// trace, before any rule's second), a data-loss verdict first in each round. A run with many
/// verdicts then still annotates its rules' errors: a rule's error is never behind more than
/// one verdict per rule that found something.
public enum ResultPriority {
    /// The results in that order.
    public static func ranked(_ results: [Finding]) -> [Finding] {
        rankedIndices(results).map { results[$0] }
    }

    /// The indexes of the `limit` most important results, in their original order.
    public static func mostImportant(_ results: [Finding], limit: Int) -> [Int] {
        guard results.count > limit else { return Array(results.indices) }
        return rankedIndices(results).prefix(limit).sorted()
    }

    private struct Key: Comparable {
        let severity: Severity
        let round: Int
        let isVerdict: Bool
        let ruleID: String
        let location: SourceLocation

        static func < (lhs: Key, rhs: Key) -> Bool {
            if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
            if lhs.round != rhs.round { return lhs.round < rhs.round }
            if lhs.isVerdict != rhs.isVerdict { return lhs.isVerdict }
            if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
            return lhs.location < rhs.location
        }
    }

    private static func rankedIndices(_ results: [Finding]) -> [Int] {
        struct Group: Hashable {
            let ruleID: String
            let severity: Severity
        }
        var rounds = [Int](repeating: 0, count: results.count)
        let byPlace = results.indices.sorted { results[$0].location < results[$1].location }
        var seen: [Group: Int] = [:]
        for index in byPlace {
            let group = Group(ruleID: results[index].ruleID, severity: results[index].severity)
            rounds[index] = seen[group, default: 0]
            seen[group, default: 0] += 1
        }
        let keys = results.indices.map { index in
            Key(severity: results[index].severity, round: rounds[index], isVerdict: results[index].isVerdict, ruleID: results[index].ruleID, location: results[index].location)
        }
        return results.indices.sorted { keys[$0] < keys[$1] }
    }
}
