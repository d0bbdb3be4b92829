/// A map from process id to a value for every pid a trace mentions. A trace can start a million
/// processes, so the values sit in one dense array and the table holds four-byte positions into
/// it: about 8 bytes per pid beyond the value, where a `Dictionary` took over a hundred. A pid
/// once mentioned keeps its entry (a later process under the same id replaces the value), so
/// nothing is ever removed.
///
/// Every pid Linux hands out is below 2^22 (`pid_max`'s ceiling): those are found without
/// hashing, in pages of 1,024 positions made when a pid of the page is first seen, so
/// consecutive pids sit side by side (16 MB at most, for pids strewn over the whole range). Any
/// other number, from a damaged or made-up trace, goes to a hash table (open addressing, at most
/// half full, seeded at random so a trace cannot aim its pids at one run of slots).
struct PidTable<Value> {
    private(set) var pids: [Int32] = []
    private(set) var values: [Value] = []
    /// Per block of 1,024 pids, its page in `pages` plus one; 0 when no pid of the block is known.
    private var pageOfBlock: [Int32] = []
    /// Positions in `pids` and `values` plus one; 0 is an unknown pid.
    private var pages: [Int32] = []
    /// Positions plus one of the other pids; 0 is an empty slot. The count is a power of two.
    private var slots = [Int32](repeating: 0, count: 16)
    private var hashedCount = 0
    private let seed = UInt32.random(in: 0 ... .max)

    private static var pageShift: Int { 10 }
    private static var directLimit: Int32 { 1 << 22 }

    /// The pid's value; setting nil leaves the entry as it is.
    subscript(pid: Int32) -> Value? {
        get { position(of: pid).map { values[$0] } }
        set {
            guard let newValue else { return }
            if let position = position(of: pid) {
                values[position] = newValue
            } else {
                insert(newValue, for: pid)
            }
        }
    }

    /// Where the pid's value is, for reading and replacing it by `subscript(at:)` without a
    /// second search.
    func position(of pid: Int32) -> Int? {
        if let place = Self.directPlace(of: pid) {
            guard place.block < pageOfBlock.count, pageOfBlock[place.block] != 0 else { return nil }
            let stored = pages[Int(pageOfBlock[place.block] - 1) << Self.pageShift | place.offset]
            return stored == 0 ? nil : Int(stored) - 1
        }
        var slot = home(of: pid)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if pids[position] == pid { return position }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    subscript(at position: Int) -> Value {
        get { values[position] }
        set { values[position] = newValue }
    }

    /// Adds a pid the table does not hold.
    mutating func insert(_ value: Value, for pid: Int32) {
        pids.append(pid)
        values.append(value)
        let stored = Int32(pids.count)
        if let place = Self.directPlace(of: pid) {
            pages[pageIndex(making: place.block) << Self.pageShift | place.offset] = stored
        } else {
            var slot = home(of: pid)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = stored
            hashedCount += 1
            if hashedCount * 2 > slots.count { grow() }
        }
    }

    private static func directPlace(of pid: Int32) -> (block: Int, offset: Int)? {
        guard pid >= 0, pid < directLimit else { return nil }
        return (Int(pid) >> pageShift, Int(pid) & (1 << pageShift - 1))
    }

    /// The block's page, made now if the block had none.
    private mutating func pageIndex(making block: Int) -> Int {
        if block >= pageOfBlock.count { pageOfBlock += repeatElement(0, count: block + 1 - pageOfBlock.count) }
        if pageOfBlock[block] == 0 {
            pages += repeatElement(0, count: 1 << Self.pageShift)
            pageOfBlock[block] = Int32(pages.count >> Self.pageShift)
        }
        return Int(pageOfBlock[block] - 1)
    }

    /// Fibonacci hashing of the pid mixed with the table's seed.
    private func home(of pid: Int32) -> Int {
        let mixed = UInt64(UInt32(bitPattern: pid) ^ seed) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & (slots.count - 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for (position, pid) in pids.enumerated() where Self.directPlace(of: pid) == nil {
            var slot = home(of: pid)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(position + 1)
        }
    }
}
