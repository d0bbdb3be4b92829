import Foundation
import LifelintIngestion
import LifelintModel

/// What the stream's reading thread hands the watch loop: events, and how the stream ended; and
/// a signal asking it to stop (`LiveWatch`). The loop waits on it with a timeout, so the clock moves on while
/// the stream is quiet.
public final class LiveEventQueue: @unchecked Sendable {
    public enum Item {
        case event(Event)
        case ended
        case failed(IngestionError)
        case stopped(signal: String)
    }

    private let condition = NSCondition()

    public init() {}
    private var items: [Item] = []
    private var isStopping = false

    /// How many items may wait: the reading thread waits for the loop beyond it, so memory
    /// stays bounded when the stream comes faster than it is analysed (a file read from its
    /// start, a burst).
    static let capacity = 4096

    /// Queues `item`; the reading thread waits while the queue is full (a signal never does).
    public func push(_ item: Item) {
        condition.lock()
        if case .stopped = item {
            isStopping = true
        } else {
            while items.count >= Self.capacity, !isStopping { condition.wait() }
        }
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the reading thread should stop following the stream.
    public var stopRequested: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isStopping
    }

    /// What arrived, waiting up to `timeout` seconds when nothing has.
    func take(waitingUpTo timeout: TimeInterval) -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        if items.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: timeout)) }
        let taken = items
        items.removeAll(keepingCapacity: true)
        condition.broadcast()
        return taken
    }

    public func requestStop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        condition.unlock()
    }
}
