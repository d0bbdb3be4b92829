/// The compiled clauses and the indexes that find, for an event, the clauses it can affect:
/// by exact event name, by family prefix, and those with open state for the app. A reference
/// type, so the engine's per-event work passes it with one retain.
final class ClauseTables: Sendable {
    let clauses: [CompiledClause]
    private let clausesByName: [EventName: [Int]]
    private let familyClauses: [(prefix: String, index: Int)]

    init(clauses: [CompiledClause]) {
        self.clauses = clauses
        var byName: [EventName: [Int]] = [:]
        for (index, clause) in clauses.enumerated() {
            for name in clause.names { byName[name, default: []].append(index) }
        }
        clausesByName = byName
        familyClauses = clauses.enumerated().flatMap { index, clause in clause.families.map { ($0, index) } }
    }

    /// The clauses an event can affect: those naming it, and those with open state for the app
    /// (a wait whose deadline this event may pass, a span it may measure), in clause order.
    func relevantClauses(for event: Event, openMonitors: Dictionary<Int, ClauseMonitor>.Keys) -> [Int] {
        var indices = clausesByName[event.name] ?? []
        for family in familyClauses where event.name.hasPrefix(family.prefix) { indices.append(family.index) }
        indices.append(contentsOf: openMonitors)
        guard indices.count > 1 else { return indices }
        // Sorted and unique in place: a handful of indices, no set to build.
        indices.sort()
        var kept = 1
        for index in indices.indices.dropFirst() where indices[index] != indices[kept - 1] {
            indices[kept] = indices[index]
            kept += 1
        }
        indices.removeLast(indices.count - kept)
        return indices
    }
}
