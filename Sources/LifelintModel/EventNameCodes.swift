import Synchronization

/// Numbers for event names, process-wide: the vocabulary's and each new name's the first time
/// any trace uses it, up to `capacity`, so that comparing two names compares two integers.
/// Past the capacity (a trace inventing names by the million) a new name gets -1 and compares
/// by its text: memory stays bounded and equality stays exact, since a name is numbered at
/// most once and never after the table is full.
final class EventNameCodes: Sendable {
    static let shared = EventNameCodes(capacity: 65_536)

    /// A name's number and, for a name lifelint knows, its case: both found by one lookup.
    struct Entry: Sendable {
        let code: Int32
        let known: KnownEventName?
    }

    private let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int) { self.capacity = capacity }

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
