import Dispatch
import Synchronization

/// Blocks of one input prepared on several threads and handed to the caller in order
/// (decision 0051): threads claim block numbers in turn and fill a block each; the caller takes
/// them in number order, and while the block it needs is not ready it fills the next unclaimed
/// one itself rather than wait, so `threads` threads keep as many cores busy, the caller's
/// among them. A window of two blocks per thread is in flight, each block object reused for the
/// block a window later, so memory follows the number of threads, not the input. A block once
/// claimed is always filled: a stream's blocks are cut in turn (`StreamLineCutter`), each
/// passing the turn to the next.
enum OrderedBlockPipeline {
    /// The blocks in flight at most, for `threads` threads.
    static func window(threads: Int) -> Int { max(2, threads * 2) }

    /// A block in flight: where its filler leaves it and the caller waits for it.
    private final class Slot<Block: AnyObject & Sendable>: Sendable {
        let ready = DispatchSemaphore(value: 0)
        let block: Block

        init(_ block: Block) { self.block = block }
    }

    /// The blocks, the window's free places and the next block to claim, shared by the fillers.
    private final class Shared<Block: AnyObject & Sendable>: Sendable {
        let count: Int
        let slots: [Slot<Block>]
        let free: DispatchSemaphore
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)

        init(count: Int, window: Int, makeBlock: () -> Block) {
            self.count = count
            slots = (0..<window).map { _ in Slot(makeBlock()) }
            free = DispatchSemaphore(value: window)
        }

        /// Claims the next block and fills it, once a place in the window is free (at once, or
        /// not at all, when `waiting` is false); false when there is none left to claim or the
        /// caller has stopped.
        func fillNext<State>(waiting: Bool, _ state: inout State, _ fill: (Block, Int, inout State) -> Void) -> Bool {
            if waiting { free.wait() } else if free.wait(timeout: .now()) == .timedOut { return false }
            guard !stopped.load(ordering: .relaxed) else {
                free.signal()
                return false
            }
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else {
                free.signal()
                return false
            }
            let slot = slots[index % slots.count]
            fill(slot.block, index, &state)
            slot.ready.signal()
            return true
        }
    }

    /// Fills blocks `0..<count` on `threads` threads, the caller's one of them
    /// (`fill(block, index, &state)`, each thread with its own `makeState()`), and passes them
    /// in order to `take`, on the caller's thread, until it returns false; no block is claimed
    /// after that (`count` may then be `Int.max`: a stream's end is found by reading it). The
    /// blocks claimed and filled by then but not taken go to `leftOver`, in order, once every
    /// thread has ended: what they hold of a stream is read nowhere else. `take` may not keep
    /// the block it stops at: its place may already hold a block after it.
    static func run<Block: AnyObject & Sendable, State>(
        count: Int, threads: Int, makeBlock: () -> Block, makeState: @escaping @Sendable () -> State,
        fill: @escaping @Sendable (Block, Int, inout State) -> Void, take: (Block) -> Bool, leftOver: (Block) -> Void = { _ in }
    ) {
        let shared = Shared(count: count, window: window(threads: threads), makeBlock: makeBlock)
        let group = DispatchGroup()
        for _ in 1..<max(2, threads) {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                var state = makeState()
                while shared.fillNext(waiting: true, &state, fill) {}
            }
        }
        var state = makeState()
        var taken = 0
        for index in 0..<count {
            let slot = shared.slots[index % shared.slots.count]
            while slot.ready.wait(timeout: .now()) == .timedOut {
                guard shared.fillNext(waiting: false, &state, fill) else {
                    slot.ready.wait()
                    break
                }
            }
            let goesOn = take(slot.block)
            taken = index + 1
            shared.free.signal()
            guard goesOn else { break }
        }
        shared.stopped.store(true, ordering: .relaxed)
        // Wakes the threads waiting for a place, to see the stop, and gives back the places of
        // blocks filled but not taken: a semaphore must not end below its start.
        for _ in shared.slots.indices { shared.free.signal() }
        group.wait()
        // At most a window of blocks was claimed past the last taken (the place it freed among
        // them), each in a place of its own.
        for index in taken..<min(count, shared.next.load(ordering: .relaxed)) {
            leftOver(shared.slots[index % shared.slots.count].block)
        }
    }
}
