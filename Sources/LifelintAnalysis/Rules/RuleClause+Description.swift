import LifelintModel

/// Clauses in words, for `lifelint rules <id>`.
extension RuleClause: CustomStringConvertible {
    public var description: String {
        switch primitive {
        case let .expect(clause):
            var text = "after \(list(clause.after))\(conditions(clause.when)), expect \(list(clause.expect))"
            if let within = clause.within { text += " within \(within)" }
            if !clause.sameAttributes.isEmpty { text += " (same \(clause.sameAttributes.joined(separator: ", ")))" }
            if !clause.failOn.isEmpty { text += "; fails at \(list(clause.failOn))" }
            if !clause.cancelOn.isEmpty { text += "; cancelled by \(list(clause.cancelOn))" }
            return text
        case let .forbid(clause):
            var text = "forbid \(list(clause.event))\(conditions(clause.when))"
            if let inside = clause.inside { text += " inside \(list(inside.callbacks)) (or within \(inside.after) after)" }
            return text
        case let .maxDuration(clause):
            var text = "from \(clause.start) to \(clause.end)"
            if !clause.sameAttributes.isEmpty { text += " (same \(clause.sameAttributes.joined(separator: ", ")))" }
            if !clause.during.isEmpty { text += ", counted while \(clause.during.map(\.rawValue).joined(separator: " or "))" }
            let limits = clause.limits.map { $0.limit + conditions($0.when) }
            text += ", at most \(limits.joined(separator: ", else "))"
            if !clause.cutoff.isEmpty { text += "; must end before \(list(clause.cutoff))" }
            return text
        case let .unpaired(clause):
            return "every \(clause.start) needs \(list(clause.end)) before \(list(clause.cutoff))"
        case let .rate(clause):
            if let per = clause.per { return "at most \(clause.max) \(list(clause.event)) from \(list(per.start)) to \(list(per.end))" }
            return "at most \(clause.max) \(list(clause.event)) per \(clause.window ?? "?")"
        }
    }

    private func list(_ patterns: [EventPattern]) -> String {
        patterns.map(\.description).joined(separator: " or ")
    }

    private func conditions(_ guards: [Guard]) -> String {
        guards.isEmpty ? "" : " when " + guards.map(\.description).joined(separator: " and ")
    }
}
