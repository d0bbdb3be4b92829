/// What a monitor holds open per pairing key (`Event.key(_:)`): the spans or starts not yet
/// ended, in the order their keys were first set. An app usually has a few open at a time, and
/// a list searched in order costs less than a dictionary, which allocated its storage, grew it
/// and hashed each key, for every span (decision 0021). But a trace can leave thousands open
/// (saves that never end): past `indexedCount` keys the map keeps a hash index beside the
/// list, so each operation stays constant-time however many are open. A removed entry leaves a
/// hole that the next compaction closes, so removing is constant-time too.
struct PairingKeyMap<Value> {
    /// Open entries past this many are found through `index`.
    static var indexedCount: Int { 16 }

    private var keys: [String] = []
    /// Nil where an entry was removed and its hole not yet compacted away.
    private var slots: [Value?] = []
    private var index: [String: Int]?
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        for position in keys.indices where slots[position] != nil && keys[position] == key { return position }
        return nil
    }

    /// Sets the key's value, in its place when the key is already there.
    mutating func set(_ value: Value, forKey key: String) {
        if let position = position(of: key) {
            slots[position] = value
            return
        }
        keys.append(key)
        slots.append(value)
        count += 1
        if index != nil {
            index![key] = keys.count - 1
        } else if count > Self.indexedCount {
            rebuildIndex()
        }
    }

    func value(forKey key: String) -> Value? {
        position(of: key).flatMap { slots[$0] }
    }

    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard let position = position(of: key), let value = slots[position] else { return nil }
        slots[position] = nil
        index?[key] = nil
        count -= 1
        let holes = keys.count - count
        if count == 0 {
            removeAll()
        } else if holes > 8, holes > count {
            compact()
        }
        return value
    }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        index = nil
        count = 0
    }

    /// The values, in key order.
    var values: [Value] { slots.compactMap { $0 } }

    /// The keys, in order.
    var liveKeys: [String] { keys.indices.compactMap { slots[$0] == nil ? nil : keys[$0] } }

    /// Changes the key's value in place, if the key is there.
    mutating func update(forKey key: String, _ body: (inout Value) -> Void) {
        guard let position = position(of: key), slots[position] != nil else { return }
        body(&slots[position]!)
    }

    private mutating func compact() {
        var kept = 0
        for position in keys.indices where slots[position] != nil {
            keys.swapAt(kept, position)
            slots.swapAt(kept, position)
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        slots.removeLast(slots.count - kept)
        if count > Self.indexedCount { rebuildIndex() } else { index = nil }
    }

    private mutating func rebuildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(count * 2)
        for position in keys.indices where slots[position] != nil { built[keys[position]] = position }
        index = built
    }
}
