/// Numbers app names 0, 1, 2… in order of first sight. A trace may name a million apps, so the
/// names sit in one array and the hash table holds four-byte positions in it (open addressing,
/// at most half full): about 30 bytes per app, where a `[String: Int]` takes three times that.
struct AppNumbering {
    private(set) var names: [String] = []
    /// Positions in `names` plus one; 0 is an empty slot. The count is a power of two.
    private var slots = [Int32](repeating: 0, count: 16)

    /// The name's number, given now if the name is new.
    mutating func number(of name: String) -> Int {
        var slot = home(of: name)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if names[number] == name { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Int32(names.count + 1)
        names.append(name)
        if names.count * 2 > slots.count { grow() }
        return names.count - 1
    }

    private func home(of name: String) -> Int {
        name.hashValue & (slots.count - 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for number in names.indices {
            var slot = home(of: names[number])
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(number + 1)
        }
    }
}
