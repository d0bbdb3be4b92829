/// A map from process id to a value for every pid a trace mentions. A trace can start a million
/// processes, so the values sit in one dense array and the hash table holds four-byte positions
/// (open addressing, at most half full): about 12 bytes per pid beyond the value, where a
/// `Dictionary` took over a hundred. A pid once mentioned keeps its entry (a later process under
/// the same id replaces the value), so nothing is ever removed.
struct PidTable<Value> {
    private(set) var pids: [Int32] = []
    private(set) var values: [Value] = []
    /// Positions in `pids` and `values` plus one; 0 is an empty slot. The count is a power of two.
    private var slots = [Int32](repeating: 0, count: 16)
    private let seed = UInt32.random(in: 0 ... .max)

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
        var slot = home(of: pid)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(pids.count + 1)
        pids.append(pid)
        values.append(value)
        if pids.count * 2 > slots.count { grow() }
    }

    /// Fibonacci hashing of the pid mixed with the table's random seed (so a trace cannot aim
    /// pids at one run of slots). Consecutive pids, as the kernel hands them out, spread over
    /// the table: kept together they made runs that a missing pid's search had to walk whole.
    private func home(of pid: Int32) -> Int {
        let mixed = UInt64(UInt32(bitPattern: pid) ^ seed) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & (slots.count - 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for (position, pid) in pids.enumerated() {
            var slot = home(of: pid)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(position + 1)
        }
    }
}
