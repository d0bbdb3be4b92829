import LifelintModel

/// Restores time order to a stream that is nearly ordered: merged logcat buffers interleave
/// with small steps back in time. Events are held for `window` and released in (time, arrival)
/// order, so memory is bounded by one window of events, not by the trace. Times on different
/// clocks (wall, monotonic, none) do not compare: a change of clock releases what is held, and
/// so does a step back further than the window (a second capture after the first).
struct ReorderBuffer {
    let window: Int64
    /// Held events from `head` on; released ones are moved out (nil), not copied.
    private var events: [Event?] = []
    /// The held events' times, compared without touching the events themselves.
    private var times: [Int64] = []
    /// The clock of the held events.
    private var clock = Timestamp.Clock.unknown
    private var head = 0
    private var latest = Int64.min

    init(window: Int64) { self.window = window }

    /// Hands `release` the held events older than the window before `time` (on the held
    /// events' clock): a live stream's clock moved on with no event.
    mutating func advance(to time: Int64, release: EventSink) {
        while head < events.count, times[head] < time - window {
            let released = events[head].take()!
            head += 1
            release(consume released)
        }
        if head > 1024 && head * 2 > events.count {
            events.removeFirst(head)
            times.removeFirst(head)
            head = 0
        }
    }

    /// Holds the event; hands `release` those now older than the window, oldest first.
    mutating func insert(_ event: consuming Event, release: EventSink) {
        if event.time.clock == .unknown {
            drainAll(release)
            release(consume event)
            return
        }
        if head < events.count, clock != event.time.clock {
            drainAll(release)
        }
        clock = event.time.clock
        let time = event.time.nanoseconds
        // Further back than the window reorders: a new capture (concatenated files, a clock set
        // back). What is held goes first, and ordering starts afresh: held, it was searched by
        // every event of the new capture.
        if head < events.count, time < latest - window { drainAll(release) }
        var index = times.count
        while index > head, times[index - 1] > time { index -= 1 }
        // Nearly always in order: an append, not the general insertion.
        if index == events.count {
            times.append(time)
            events.append(consume event)
        } else {
            times.insert(time, at: index)
            events.insert(consume event, at: index)
        }
        latest = max(latest, time)
        advance(to: latest, release: release)
    }

    /// Releases everything held; what comes next is ordered afresh (it may be on another clock).
    mutating func drainAll(_ release: EventSink) {
        for index in head..<events.count { release(events[index].take()!) }
        events.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        head = 0
        latest = .min
    }
}
