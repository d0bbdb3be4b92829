import Synchronization

/// Numbers for event names, process-wide, so that comparing two names compares two integers:
/// the vocabulary's first, each name the position of its case (so a table by code serves the
/// vocabulary without hashing: a case hashes its text), then each new name the first time any
/// trace uses it, up to `capacity` more. Past the capacity (a trace inventing names by the
/// million) a new name gets -1 and compares by its text: memory stays bounded and equality stays
/// exact, since a name is numbered at most once and never after the table is full.
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
        for (position, known) in KnownEventName.allCases.enumerated() { entries[known.rawValue] = Entry(code: Int32(position), known: known) }
        self.capacity = KnownEventName.allCases.count + capacity
        self.entries = Mutex(entries)
    }

    func entry(for name: String) -> Entry {
        entries.withLock { entries in
            // Every name lifelint knows is in the table from the start: a new one is an app's own.
            if let entry = entries[name] { return entry }
            guard entries.count < capacity else { return Entry(code: -1, known: nil) }
            let entry = Entry(code: Int32(entries.count), known: nil)
            entries[name] = entry
            return entry
        }
    }
}
