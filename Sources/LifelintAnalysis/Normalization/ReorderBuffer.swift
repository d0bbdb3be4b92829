import LifelintModel
import LifelintIngestion

/// Restores time order to a stream that is nearly ordered: merged logcat buffers interleave
/// with small steps back in time. Events are held for `window` and released in (time, arrival)
/// order, so memory is bounded by one window of events, not by the trace. Times on different
/// clocks (wall, monotonic, none) do not compare: a change of clock releases what is held.
struct ReorderBuffer {
    let window: Int64
    private var events: [Event] = []
    private var head = 0
    private var latest = Int64.min

    init(window: Int64) { self.window = window }

    mutating func insert(_ event: Event, release: (Event) -> Void) {
        if event.time.clock == .unknown {
            drainAll(release)
            release(event)
            return
        }
        if head < events.count, events[head].time.clock != event.time.clock {
            drainAll(release)
            latest = .min
        }
        var index = events.count
        while index > head, events[index - 1].time.nanoseconds > event.time.nanoseconds { index -= 1 }
        events.insert(event, at: index)
        latest = max(latest, event.time.nanoseconds)
        while head < events.count, events[head].time.nanoseconds < latest - window {
            release(events[head])
            head += 1
        }
        if head > 1024 && head * 2 > events.count {
            events.removeFirst(head)
            head = 0
        }
    }

    mutating func drainAll(_ release: (Event) -> Void) {
        for index in head..<events.count { release(events[index]) }
        events.removeAll(keepingCapacity: true)
        head = 0
    }
}
