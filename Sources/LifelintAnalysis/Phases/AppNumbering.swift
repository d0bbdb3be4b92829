/// Numbers app names 0, 1, 2… in order of first sight. A trace may name a million apps, so the
/// names sit in one array and the hash table holds eight-byte entries (open addressing, at most
/// three quarters full): each entry keeps 32 bits of the name's hash beside its position, so a
/// probe reads the name itself only when the hashes agree, and growing the table moves entries
/// without hashing a name again.
struct AppNumbering {
    private(set) var names: [String] = []
    /// Per slot, the hash's low 32 bits in the high half and the position in `names` plus one in
    /// the low half; 0 is an empty slot. The count is a power of two.
    private var slots = [UInt64](repeating: 0, count: 16)
    /// The number last given out, for names too short to be hinted by where they are stored
    /// (`recentSlot(of:)`): an app's events come in runs, and comparing one name costs less
    /// than hashing it.
    private var last = -1
    /// Numbers of names lately looked up, by where their text is stored: readers give an app's
    /// events one string for its name, so an app is found again without hashing its name or
    /// comparing its text, whether its events come in runs or interleave with other apps'.
    /// Only a hint: a hit is confirmed by comparing the names (one comparison when the strings
    /// are the same), and a miss looks the name up.
    private var recent = [Int32](repeating: -1, count: 256)

    /// The name's number, given now if the name is new. Inlined, so that the caller need not
    /// retain the event's app name around a call: that string is the one the reading core
    /// retains for every event it makes of the app, and both cores changing its count costs.
    @inline(__always)
    mutating func number(of name: String) -> Int {
        guard let slot = Self.recentSlot(of: name) else {
            if last < 0 || names[last] != name { last = lookUp(name) }
            return last
        }
        let hinted = Int(recent[slot])
        if hinted >= 0, names[hinted] == name { return hinted }
        let number = lookUp(name)
        recent[slot] = Int32(truncatingIfNeeded: number)
        return number
    }

    /// Where `recent` keeps a name: from the address of its text, for a name too long to be
    /// kept inside the string itself (a short one is cheap to hash, and has no address of its own).
    private static func recentSlot(of name: String) -> Int? {
        guard name.utf8.count > 15 else { return nil }
        return name.utf8.withContiguousStorageIfAvailable { text in
            let address = UInt(bitPattern: text.baseAddress)
            return Int(truncatingIfNeeded: (address >> 4 ^ address >> 12) & 255)
        }
    }

    private mutating func lookUp(_ name: String) -> Int {
        let hash = Self.tag(of: name)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let number = Int(UInt32(truncatingIfNeeded: entry)) - 1
                if names[number] == name { return number }
            }
            slot = (slot + 1) & mask
        }
        precondition(names.count < UInt32.max, "more apps than a table position holds")
        names.append(name)
        slots[slot] = UInt64(hash) << 32 | UInt64(names.count)
        if names.count * 4 > slots.count * 3 { grow() }
        return names.count - 1
    }

    /// The 32 bits of the name's hash a slot keeps (names with the same tag are told apart by
    /// comparing the names).
    static func tag(of name: String) -> UInt32 {
        UInt32(truncatingIfNeeded: name.hashValue)
    }

    private mutating func grow() {
        var grown = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for entry in slots where entry != 0 {
            var slot = Int(UInt32(truncatingIfNeeded: entry >> 32)) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = entry
        }
        slots = grown
    }
}
