import Synchronization

/// Numbers for event names, process-wide: the vocabulary's and each new name's the first time
/// any trace uses it, up to `capacity`, so that comparing two names compares two integers.
/// Past the capacity (a trace inventing names by the million) a new name gets -1 and compares
/// by its text: memory stays bounded and equality stays exact, since a name is numbered at
/// most once and never after the table is full.
final class EventNameCodes: Sendable {
    static let shared = EventNameCodes(capacity: 65_536)

    private let capacity: Int
    private let codes = Mutex<[String: Int32]>([:])

    init(capacity: Int) { self.capacity = capacity }

    func code(for name: String) -> Int32 {
        codes.withLock { codes in
            if let code = codes[name] { return code }
            guard codes.count < capacity else { return -1 }
            let code = Int32(codes.count)
            codes[name] = code
            return code
        }
    }
}
