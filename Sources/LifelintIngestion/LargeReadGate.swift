import Dispatch

/// The run's budget for documents read whole (binary property lists, up to 256 MiB each): any
/// number of small ones at once, but one past `smallSize` at a time. Without it, each worker of
/// `--jobs 16` could hold its own 256 MiB, and the run 4 GB; with it the run holds at most one
/// large document plus a small one per worker. A reader holds at most this one gate, so waiting
/// for it cannot deadlock.
enum LargeReadGate {
    /// What every worker may hold at once without waiting.
    static let smallSize = 16 << 20
    private static let gate = DispatchSemaphore(value: 1)

    static func enter() { gate.wait() }
    static func leave() { gate.signal() }
}
