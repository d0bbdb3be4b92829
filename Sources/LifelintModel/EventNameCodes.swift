import Synchronization

/// Numbers for event names, process-wide, so that comparing two names compares two integers:
/// the vocabulary's first, each name the number of its case (`knownCode(_:)`), then each new
/// name the first time any trace uses it, up to `capacity` more. Past the capacity (a trace
/// inventing names by the million) a new name gets -1 and compares by its text: memory stays
/// bounded and equality stays exact, since a name is numbered at most once and never after the
/// table is full.
final class EventNameCodes: Sendable {
    static let shared = EventNameCodes(capacity: 65_536)

    /// A name's number and, for a name lifelint knows, its case: both found by one lookup.
    struct Entry: Sendable {
        let code: Int32
        let known: KnownEventName?
    }

    private let capacity: Int
    private let entries: Mutex<[String: Entry]>

    init(capacity: Int) {
        var entries: [String: Entry] = [:]
        for known in KnownEventName.allCases { entries[known.rawValue] = Entry(code: Self.knownCode(known), known: known) }
        self.capacity = KnownEventName.allCases.count + capacity
        self.entries = Mutex(entries)
    }

    /// A known name's number: its case's position, so a table by code serves the vocabulary
    /// without hashing (a case hashes its text).
    static func knownCode(_ known: KnownEventName) -> Int32 {
        Int32(KnownEventName.allCases.firstIndex(of: known)!)
    }

    func entry(for name: String) -> Entry {
        entries.withLock { entries in
            if let entry = entries[name] { return entry }
            let known = KnownEventName(rawValue: name)
            guard entries.count < capacity else { return Entry(code: -1, known: known) }
            let entry = Entry(code: Int32(entries.count), known: known)
            entries[name] = entry
            return entry
        }
    }
}
