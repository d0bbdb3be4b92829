/// What a monitor holds open per pairing key (`Event.key(_:)`): the spans or starts not yet
/// ended. An app has a few open at a time, so a list searched in order costs less than a
/// dictionary, which allocated its storage, grew it and hashed each key, for every span.
/// Keys keep the order they were first set in. (Keys and values in two arrays: one array of
/// pairs took more references per lookup than it saved in allocations; decision 0021.)
struct PairingKeyMap<Value> {
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []

    var isEmpty: Bool { keys.isEmpty }

    private func position(of key: String) -> Int? {
        for index in keys.indices where keys[index] == key { return index }
        return nil
    }

    /// Sets the key's value, in its place when the key is already there.
    mutating func set(_ value: Value, forKey key: String) {
        if let index = position(of: key) {
            values[index] = value
        } else {
            keys.append(key)
            values.append(value)
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard let index = position(of: key) else { return nil }
        keys.remove(at: index)
        return values.remove(at: index)
    }

    mutating func removeAll() {
        keys.removeAll()
        values.removeAll()
    }

    /// Changes each value in place.
    mutating func updateEach(_ body: (inout Value) -> Void) {
        for index in values.indices { body(&values[index]) }
    }
}
