import Testing
@testable import LifelintAnalysis

struct PairingKeyMapTests {
    @Test func aKeySetAgainKeepsItsPlaceAndTakesTheNewValue() {
        var map = PairingKeyMap<Int>()
        #expect(map.isEmpty)
        map.set(1, forKey: "a")
        map.set(2, forKey: "b")
        map.set(3, forKey: "a")
        #expect(map.keys == ["a", "b"] && map.values == [3, 2])
    }

    @Test func removingGivesTheValueOnceAndKeepsTheOthersInOrder() {
        var map = PairingKeyMap<Int>()
        for (value, key) in ["a", "b", "c"].enumerated() { map.set(value, forKey: key) }
        #expect(map.removeValue(forKey: "b") == 1)
        #expect(map.removeValue(forKey: "b") == nil)
        #expect(map.keys == ["a", "c"] && map.values == [0, 2])
        map.updateEach { $0 += 10 }
        #expect(map.values == [10, 12])
        map.removeAll()
        #expect(map.isEmpty && map.values.isEmpty)
    }
}
