/// Things put back in time order. A trace's ftrace events come in per-CPU bundles, each in
/// order but overlapping the others by up to the tracer's drain period; slices pair begin and
/// end per thread, so they must be read in order, and the events they make must join the log
/// packets' in order. Each is held (a min-heap on time) until one `window` later than it has
/// arrived, then released: memory is bounded by what a window of the trace holds.
struct PerfettoTimeQueue<Element> {
    /// What the heap orders: plain values, so that sifting swaps a few words, not the elements
    /// (a marker or an event, whose copies retained and released what they hold).
    private struct Key {
        let time: Int64
        let sequence: Int
        /// Where the element waits in `elements`.
        let slot: Int
    }

    let window: Int64
    private var heap: [Key] = []
    /// The elements by slot; a released element's slot is reused (`freeSlots`).
    private var elements: [Element?] = []
    private var freeSlots: [Int] = []
    private var latest = Int64.min
    private var sequence = 0

    init(window: Int64) {
        self.window = window
    }

    mutating func insert(_ element: Element, at time: Int64) {
        latest = max(latest, time)
        sequence += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            elements[slot] = element
        } else {
            slot = elements.count
            elements.append(element)
        }
        let key = Key(time: time, sequence: sequence, slot: slot)
        heap.append(key)
        // The later keys move down into the hole and the new one is written once.
        heap.withUnsafeMutableBufferPointer { keys in
            var child = keys.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(key, keys[parent]) else { break }
                keys[child] = keys[parent]
                child = parent
            }
            keys[child] = key
        }
    }

    /// The earliest element when it is older than the window (any, when `draining`), moved out
    /// of the queue; nil when none is.
    mutating func popReleased(draining: Bool = false) -> Element? {
        guard let first = heap.first, draining || first.time < latest &- window else { return nil }
        removeFirst()
        freeSlots.append(first.slot)
        return elements[first.slot].take()
    }

    /// Whether an element not yet released satisfies `predicate`.
    func contains(where predicate: (Element) -> Bool) -> Bool {
        heap.contains { predicate(elements[$0.slot]!) }
    }

    /// Drops the earliest key: the last takes its place, sifted down through a hole (each level
    /// moves one key up instead of swapping two).
    private mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap.withUnsafeMutableBufferPointer { keys in
            var parent = 0
            while true {
                var child = 2 * parent + 1
                guard child < keys.count else { break }
                if child + 1 < keys.count, Self.precedes(keys[child + 1], keys[child]) { child += 1 }
                guard Self.precedes(keys[child], last) else { break }
                keys[parent] = keys[child]
                parent = child
            }
            keys[parent] = last
        }
    }

    private static func precedes(_ first: Key, _ second: Key) -> Bool {
        (first.time, first.sequence) < (second.time, second.sequence)
    }
}
