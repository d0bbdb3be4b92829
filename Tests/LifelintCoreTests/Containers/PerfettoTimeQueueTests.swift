import Testing

@testable import LifelintIngestion

/// The time queue gives its elements in the order of their time, then of their arrival, each
/// once it is a window older than the latest: whether they came alone or in runs (a bundle's
/// markers), and whatever the runs' times do (in order, stepping back, tied).
@Suite struct PerfettoTimeQueueTests {
    /// Bundles of (time, label): each put in alone into one queue and as one run into the other,
    /// the queues released after each bundle; both must release the same elements at the same
    /// moments, each release in order of time, then of arrival.
    @Test(arguments: [1, 2, 3])
    func runsReleaseAsElementsPutInOneByOne(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var alone = PerfettoTimeQueue<Int>(window: 50)
        var inRuns = PerfettoTimeQueue<Int>(window: 50)
        var arrived: [(time: Int64, label: Int)] = []
        var releasedAlone: [[Int]] = []
        var releasedInRuns: [[Int]] = []
        var clock: Int64 = 0
        for _ in 0..<200 {
            var bundle: [(time: Int64, label: Int)] = []
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                // Mostly forward, sometimes back past the window's start, sometimes tied.
                clock += Int64.random(in: -8...10, using: &generator)
                bundle.append((max(0, clock - Int64.random(in: 0...1, using: &generator) * 60), arrived.count + bundle.count))
            }
            arrived += bundle
            for element in bundle { alone.insert(element.label, at: element.time) }
            inRuns.insert(contentsOf: bundle.map(\.label)) { label in arrived[label].time }
            releasedAlone.append(Self.drain(&alone, draining: false))
            releasedInRuns.append(Self.drain(&inRuns, draining: false))
        }
        releasedAlone.append(Self.drain(&alone, draining: true))
        releasedInRuns.append(Self.drain(&inRuns, draining: true))
        #expect(releasedInRuns == releasedAlone)
        // Each release in order of time, then arrival; every element released once.
        let order = { (label: Int) in (arrived[label].time, label) }
        #expect(releasedInRuns.allSatisfy { batch in zip(batch, batch.dropFirst()).allSatisfy { order($0) < order($1) } })
        #expect(releasedInRuns.flatMap { $0 }.sorted() == Array(arrived.indices))
        #expect(releasedInRuns.dropLast().contains { !$0.isEmpty })
    }

    @Test func aRunsElementsAreFoundUntilReleased() {
        var queue = PerfettoTimeQueue<Int>(window: 10)
        queue.insert(contentsOf: [1, 2, 3]) { Int64($0) }
        queue.insert(7, at: 7)
        #expect(queue.contains { $0 == 3 } && queue.contains { $0 == 7 } && !queue.contains { $0 == 4 })
        #expect(Self.drain(&queue, draining: true) == [1, 2, 3, 7])
        #expect(!queue.contains { _ in true })
    }

    private static func drain(_ queue: inout PerfettoTimeQueue<Int>, draining: Bool) -> [Int] {
        var released: [Int] = []
        while let element = queue.popReleased(draining: draining) { released.append(element) }
        return released
    }
}
