import LifelintModel

/// Inputs every monitor needs to judge one event: the event, its interned name, and the app's
/// history before it.
struct Observation {
    let event: Event
    let name: Int
    let history: AppHistory
    /// The engine's pool, moved in for the event and out again with `parts()`: a copy would
    /// retain its arrays, and the engine's next change to it would then copy them whole.
    let pool: HistoryPool
    /// Lent by the engine's name table the same way.
    let families: EventNameTable.FamilyMembership

    /// The event, pool and family table, moved out: taking the pool and table one at a time
    /// left empty ones behind, released when the observation ended.
    consuming func parts() -> (event: Event, pool: HistoryPool, families: EventNameTable.FamilyMembership) {
        (event, pool, families)
    }

    func matches(_ pattern: CompiledPattern) -> Bool {
        pattern.matches(event, name: name, in: families)
    }

    func matches(_ patterns: [CompiledPattern]) -> Bool {
        // By index: `contains(where:)` copied each pattern it looked at.
        for index in patterns.indices where patterns[index].matches(event, name: name, in: families) { return true }
        return false
    }

    func evaluate(_ guards: [CompiledGuard]) -> [RelatedEvent]? {
        pool.evaluate(guards, in: history, families: families)
    }

    func holds(_ guards: [CompiledGuard]) -> Bool {
        pool.holds(guards, in: history, families: families)
    }

    func last(_ pattern: CompiledPattern) -> HistoryPool.Occurrence? {
        pool.last(pattern, in: history, families: families)
    }
}
