import Testing

@testable import LifelintAnalysis

struct PairingKeyMapTests {
    @Test func aKeySetAgainKeepsItsPlaceAndTakesTheNewValue() {
        var map = PairingKeyMap<Int>()
        #expect(map.isEmpty)
        map.set(1, forKey: "a")
        map.set(2, forKey: "b")
        map.set(3, forKey: "a")
        #expect(map.liveKeys == ["a", "b"] && map.values == [3, 2])
    }

    @Test func removingGivesTheValueOnceAndKeepsTheOthersInOrder() {
        var map = PairingKeyMap<Int>()
        for (value, key) in ["a", "b", "c"].enumerated() { map.set(value, forKey: key) }
        #expect(map.removeValue(forKey: "b") == 1)
        #expect(map.removeValue(forKey: "b") == nil)
        #expect(map.liveKeys == ["a", "c"] && map.values == [0, 2])
        map.update(forKey: "c") { $0 += 10 }
        map.update(forKey: "b") { $0 += 10 }
        #expect(map.values == [0, 12] && map.count == 2)
        map.removeAll()
        #expect(map.isEmpty && map.values.isEmpty)
    }

    /// Past the indexed count, and through compactions: the same answers as a dictionary, in
    /// the order keys were first set.
    @Test func aLargeMapAnswersAsASmallOneDoes() {
        var map = PairingKeyMap<Int>()
        var reference: [String: Int] = [:]
        var order: [String] = []
        for step in 0..<5_000 {
            let key = "k\(step % 700)"
            if step % 3 == 2 {
                #expect(map.removeValue(forKey: key) == reference.removeValue(forKey: key))
                order.removeAll { $0 == key }
            } else {
                if reference[key] == nil { order.append(key) }
                map.set(step, forKey: key)
                reference[key] = step
            }
            #expect(map.count == reference.count)
        }
        #expect(map.liveKeys == order)
        #expect(map.values == order.map { reference[$0]! })
        for key in order { #expect(map.value(forKey: key) == reference[key]) }
    }
}
