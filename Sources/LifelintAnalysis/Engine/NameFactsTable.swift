import LifelintModel

/// What depends only on an event's name, worked out once per interned name: plain values per
/// name, and the clauses each name can open or wake in flat arrays, so that the engine reads it
/// on every event without taking a reference to anything.
struct NameFactsTable: Sendable {
    struct Facts: Sendable {
        /// The requirement patterns the name satisfies (bits of `EvidenceRequirements`).
        let evidence: UInt64
        /// Some clause reads the name's last event from the app's history.
        let isRemembered: Bool
        let announcedPhase: AppPhase?
        let isColdStart: Bool
        /// How many clauses the name can open state in (`NameFactsTable.openerClause(_:of:)`).
        let openerCount: Int
        /// Where those clauses start in the table's list.
        fileprivate let firstOpener: Int
    }

    private(set) var facts: [Facts] = []
    /// Per name, the clauses in which it can open state, in clause order.
    private var openerClauses: [Int] = []
    /// Beside each of those: an opener of the clause covers the name with no conditions, so the
    /// event opens state whatever its attributes (the engine then reads none of them).
    private var opensWithoutConditions: [Bool] = []
    /// `reacting[name * clauseCount + clause]`: whether an open monitor of the clause reacts to
    /// the name.
    private var reacting: [Bool] = []
    private let clauseCount: Int

    init(clauseCount: Int) {
        self.clauseCount = clauseCount
    }

    var count: Int { facts.count }

    /// Works out the facts of the names interned since the last call.
    mutating func learnNames(of names: EventNameTable, clauses: [CompiledClause], requirements: EvidenceRequirements) {
        for name in facts.count..<names.count {
            let eventName = names.names[name]
            let firstOpener = openerClauses.count
            let opened = clauses.indices.filter { clauses[$0].opens(on: name, in: names.membership) }
            openerClauses += opened
            opensWithoutConditions += opened.map { clauses[$0].opensWithoutConditions(on: name, in: names.membership) }
            reacting += clauses.map { $0.reacts(to: name, in: names.membership) }
            facts.append(
                Facts(
                    evidence: requirements.mask(of: name, in: names.membership),
                    isRemembered: clauses.contains { $0.remembers(name, in: names.membership) },
                    announcedPhase: RuleEngine.phase(announcedBy: eventName),
                    isColdStart: eventName == EventName.phaseColdStart,
                    openerCount: openerClauses.count - firstOpener,
                    firstOpener: firstOpener))
        }
    }

    /// The `index`th of the clauses in which a name with these facts can open state.
    func openerClause(_ index: Int, of facts: Facts) -> Int {
        openerClauses[facts.firstOpener + index]
    }

    /// Whether the `index`th of those clauses opens on the name whatever the event's attributes.
    func opensWithoutConditions(_ index: Int, of facts: Facts) -> Bool {
        opensWithoutConditions[facts.firstOpener + index]
    }

    /// Whether an open monitor of `clause` reacts to the interned name.
    func reacts(_ name: Int, clause: Int) -> Bool {
        reacting[name * clauseCount + clause]
    }
}
