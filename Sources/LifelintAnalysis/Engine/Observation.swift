import LifelintModel

/// Inputs every monitor needs to judge one event: the event, its interned name, and the app's
/// history before it.
struct Observation {
    let event: Event
    let name: Int
    let history: AppHistory
    let pool: HistoryPool
    let families: EventNameTable.FamilyMembership

    func matches(_ pattern: CompiledPattern) -> Bool {
        pattern.matches(event, name: name, in: families)
    }

    func matches(_ patterns: [CompiledPattern]) -> Bool {
        patterns.contains { $0.matches(event, name: name, in: families) }
    }

    func evaluate(_ guards: [CompiledGuard]) -> [HistoryPool.Occurrence]? {
        pool.evaluate(guards, in: history, families: families)
    }

    func last(_ pattern: CompiledPattern) -> HistoryPool.Occurrence? {
        pool.last(pattern, in: history, families: families)
    }
}
