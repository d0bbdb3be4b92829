/// Things put back in time order. A trace's ftrace events come in per-CPU bundles, each in
/// order but overlapping the others by up to the tracer's drain period; slices pair begin and
/// end per thread, so they must be read in order, and the events they make must join the log
/// packets' in order. Each is held (a min-heap on time) until one `window` later than it has
/// arrived, then released: memory is bounded by what a window of the trace holds.
///
/// A bundle's markers go in as runs in time order, and the heap holds each run's next element
/// only: a window of a busy trace holds hundreds of thousands of markers, and a heap of all of
/// them spent most of its time in cache misses, where one of the runs stays small. Elements come
/// out in the order of their time, then of their arrival, whether they came alone or in a run.
struct PerfettoTimeQueue<Element> {
    /// What the heap orders: plain values, so that sifting swaps a few words, not the elements
    /// (a marker or an event, whose copies retained and released what they hold).
    private struct Key {
        let time: Int64
        let sequence: Int
        /// Where the element waits: in `elements`, or at the head of `runs[slot]`.
        let slot: Int
        let isRun: Bool
    }

    /// Elements that arrived together in time order; `next` is the first not yet released.
    private struct Run {
        var elements: [Element?]
        let times: [Int64]
        let firstSequence: Int
        var next = 0

        /// The key of its next element, waiting at `slot`; nil once all are released.
        func nextKey(slot: Int) -> Key? {
            next < times.count ? Key(time: times[next], sequence: firstSequence + next, slot: slot, isRun: true) : nil
        }
    }

    let window: Int64
    private var heap: [Key] = []
    /// The elements that came alone, by slot; a released element's slot is reused.
    private var elements: [Element?] = []
    private var freeSlots: [Int] = []
    private var runs: [Run?] = []
    private var freeRuns: [Int] = []
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
        push(Key(time: time, sequence: sequence, slot: slot, isRun: false))
    }

    /// Puts `arrived` in, in its order, each at `time(element)`: as runs where the times do
    /// not go back, each held at its first element.
    mutating func insert(contentsOf arrived: some Collection<Element>, time: (Element) -> Int64) {
        var run: [Element?] = []
        var times: [Int64] = []
        for element in arrived {
            let elementTime = time(element)
            if let last = times.last, elementTime < last { addRun(&run, &times) }
            run.append(element)
            times.append(elementTime)
        }
        addRun(&run, &times)
    }

    private mutating func addRun(_ run: inout [Element?], _ times: inout [Int64]) {
        guard let last = times.last else { return }
        latest = max(latest, last)
        let added = Run(elements: run, times: times, firstSequence: sequence + 1)
        sequence += times.count
        run = []
        times = []
        let slot = freeRuns.popLast() ?? runs.count
        if slot == runs.count { runs.append(added) } else { runs[slot] = added }
        push(added.nextKey(slot: slot)!)
    }

    /// The earliest element when it is older than the window (any, when `draining`), moved out
    /// of the queue; nil when none is.
    mutating func popReleased(draining: Bool = false) -> Element? {
        guard let first = heap.first, draining || first.time < latest &- window else { return nil }
        guard first.isRun else {
            removeFirst()
            freeSlots.append(first.slot)
            return elements[first.slot].take()
        }
        let element = runs[first.slot]!.elements[runs[first.slot]!.next].take()
        runs[first.slot]!.next += 1
        if let next = runs[first.slot]!.nextKey(slot: first.slot) {
            siftDown(next)
        } else {
            removeFirst()
            runs[first.slot] = nil
            freeRuns.append(first.slot)
        }
        return element
    }

    /// Whether an element not yet released satisfies `predicate`.
    func contains(where predicate: (Element) -> Bool) -> Bool {
        heap.contains { key in
            guard key.isRun else { return predicate(elements[key.slot]!) }
            let run = runs[key.slot]!
            return run.elements[run.next...].contains { predicate($0!) }
        }
    }

    private mutating func push(_ key: Key) {
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

    /// Drops the earliest key: the last takes its place.
    private mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        siftDown(last)
    }

    /// Puts `key` in the earliest key's place and sifts it down through a hole (each level
    /// moves one key up instead of swapping two).
    private mutating func siftDown(_ key: Key) {
        heap.withUnsafeMutableBufferPointer { keys in
            var parent = 0
            while true {
                var child = 2 * parent + 1
                guard child < keys.count else { break }
                if child + 1 < keys.count, Self.precedes(keys[child + 1], keys[child]) { child += 1 }
                guard Self.precedes(keys[child], key) else { break }
                keys[parent] = keys[child]
                parent = child
            }
            keys[parent] = key
        }
    }

    private static func precedes(_ first: Key, _ second: Key) -> Bool {
        (first.time, first.sequence) < (second.time, second.sequence)
    }
}
