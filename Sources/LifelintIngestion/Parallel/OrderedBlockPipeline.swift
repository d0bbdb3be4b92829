import Dispatch
import Synchronization

/// Blocks of one input prepared on several threads and handed to the caller in order
/// (decision 0051): workers claim block numbers in turn and fill a block each; the caller takes
/// them in number order. A window of two blocks per worker is in flight, each block object
/// reused for the block a window later, so memory follows the number of workers, not the input.
enum OrderedBlockPipeline {
    /// A block in flight: where a worker leaves it and the caller waits for it.
    private final class Slot<Block: AnyObject & Sendable>: Sendable {
        let ready = DispatchSemaphore(value: 0)
        let block: Block

        init(_ block: Block) { self.block = block }
    }

    /// Fills blocks `0..<count` on `workers` threads (`fill(block, index, &state)`, each thread
    /// with its own `makeState()`), and passes them in order to `take`, on the caller's thread,
    /// until it returns false; the blocks after that are not filled.
    static func run<Block: AnyObject & Sendable, State>(
        count: Int, workers: Int, makeBlock: () -> Block, makeState: @escaping @Sendable () -> State,
        fill: @escaping @Sendable (Block, Int, inout State) -> Void, take body: (Block) -> Bool
    ) {
        let window = max(2, workers * 2)
        let slots = (0..<window).map { _ in Slot(makeBlock()) }
        let free = DispatchSemaphore(value: window)
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                var state = makeState()
                while true {
                    free.wait()
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < count else {
                        free.signal()
                        return
                    }
                    let slot = slots[index % window]
                    if !stopped.load(ordering: .relaxed) { fill(slot.block, index, &state) }
                    slot.ready.signal()
                }
            }
        }
        var going = true
        for index in 0..<count {
            let slot = slots[index % window]
            slot.ready.wait()
            if going, !body(slot.block) {
                going = false
                stopped.store(true, ordering: .relaxed)
            }
            free.signal()
        }
        group.wait()
    }
}
