import Dispatch

/// A stream's blocks cut in their order, one at a time, by whichever threads claimed them
/// (decision 0051): the cut of block N waits for block N − 1's to pass it the turn. A window's
/// worth of turns, for no more blocks than that are claimed at once.
struct CuttingTurns: @unchecked Sendable {
    private let turns: [DispatchSemaphore]

    init(window: Int) {
        // All start at zero and the first is signalled: a semaphore must not end below its start.
        turns = (0..<window).map { _ in DispatchSemaphore(value: 0) }
        turns[0].signal()
    }

    /// Runs `cut` in block `index`'s turn, then passes the turn on.
    func inTurn<Result>(of index: Int, _ cut: () -> Result) -> Result {
        turns[index % turns.count].wait()
        defer { turns[(index + 1) % turns.count].signal() }
        return cut()
    }
}
