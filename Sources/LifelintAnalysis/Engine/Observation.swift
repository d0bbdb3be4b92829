import LifelintModel

/// Inputs every monitor needs to judge one event: the event, its interned name, and the app's
/// history before it.
struct Observation {
    let event: Event
    let name: Int
    let history: AppHistory
    /// The engine's pool, moved in for the event (`takePool()` gives it back): a copy would
    /// retain its arrays, and the engine's next change to it would then copy them whole.
    private(set) var pool: HistoryPool
    /// Lent by the engine's name table the same way (`takeFamilies()` gives it back).
    private(set) var families: EventNameTable.FamilyMembership

    mutating func takePool() -> HistoryPool {
        HistoryPool.take(&pool)
    }

    mutating func takeFamilies() -> EventNameTable.FamilyMembership {
        EventNameTable.FamilyMembership.take(&families)
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
