import LifelintModel

/// The event names of one analysis, interned to small integers: the rules' names when they are
/// compiled, then each new name of the trace the first time it arrives. From then on an
/// event's name is an index, and what depends only on the name (the families it belongs to,
/// the clauses it can affect, the evidence it gives, the phase it announces) is looked up by
/// that index instead of comparing strings.
struct EventNameTable {
    private var ids: [EventName: Int] = [:]
    /// The index by the name's process-wide code (-1 where none yet): no hashing per event.
    private var idsByCode: [Int] = []
    private(set) var names: [EventName] = []
    /// The rules' family prefixes (`activity.`), in order of first use.
    private(set) var families: [String] = []
    /// Which names belong to which family: what matching a family pattern reads per event.
    private(set) var membership = FamilyMembership()

    /// `isMember[name * familyCount + family]`. Families are all known before the first event:
    /// compiling the rules registers them.
    struct FamilyMembership {
        fileprivate var familyCount = 0
        fileprivate var isMember: [Bool] = []

        func contains(_ name: Int, in family: Int) -> Bool {
            isMember[name * familyCount + family]
        }

        /// The table, leaving an empty one in its place (a move: nothing is retained).
        static func take(_ membership: inout FamilyMembership) -> FamilyMembership {
            var taken = FamilyMembership()
            swap(&taken, &membership)
            return taken
        }
    }

    var count: Int { names.count }

    /// The membership table, leaving an empty one in its place until `giveBack(_:)`: the rule
    /// engine lends it to each event's observation by moving it, which takes no reference.
    mutating func lendMembership() -> FamilyMembership {
        FamilyMembership.take(&membership)
    }

    mutating func giveBack(_ lent: consuming FamilyMembership) {
        membership = lent
    }

    /// The index of the name with this code (`EventName.code`) when it has one already: a
    /// lookup that does not touch the name's text.
    func id(ofCode code: Int32) -> Int? {
        let code = Int(code)
        guard code >= 0, code < idsByCode.count, idsByCode[code] >= 0 else { return nil }
        return idsByCode[code]
    }

    /// The index of a name, registering it on first sight.
    mutating func intern(_ name: EventName) -> Int {
        if let id = id(ofCode: name.code) ?? ids[name] { return id }
        let code = Int(name.code)
        let id = names.count
        ids[name] = id
        if code >= 0 {
            if code >= idsByCode.count { idsByCode.append(contentsOf: repeatElement(-1, count: code + 1 - idsByCode.count)) }
            idsByCode[code] = id
        }
        names.append(name)
        membership.isMember.append(contentsOf: families.map { name.rawValue.hasPrefix($0) })
        return id
    }

    /// The index of a family prefix, registering it. Only while compiling, before any name of
    /// the trace arrives: membership of names already interned is filled in here.
    mutating func internFamily(_ prefix: String) -> Int {
        if let index = families.firstIndex(of: prefix) { return index }
        let oldCount = families.count
        families.append(prefix)
        var grown: [Bool] = []
        grown.reserveCapacity(names.count * families.count)
        for (id, name) in names.enumerated() {
            grown.append(contentsOf: membership.isMember[id * oldCount..<(id + 1) * oldCount])
            grown.append(name.rawValue.hasPrefix(prefix))
        }
        membership = FamilyMembership(familyCount: families.count, isMember: grown)
        return oldCount
    }
}
