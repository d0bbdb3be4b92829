import Testing

@testable import LifelintAnalysis

@Suite struct AppNumberingTests {
    /// Names are numbered in order of first sight, through many growths of the table, and each
    /// is found again: names that differ in one character, empty, long and non-ASCII ones.
    @Test func everyNameKeepsTheNumberOfItsFirstSight() {
        var numbering = AppNumbering()
        let names = (0..<60_000).map { "com.example.app\($0)" } + ["", "ä", String(repeating: "x", count: 300), "pid 42"]
        for (index, name) in names.enumerated() { #expect(numbering.number(of: name) == index) }
        #expect(numbering.names == names)
        #expect(names.indices.allSatisfy { numbering.number(of: names[$0]) == $0 })
        #expect(numbering.number(of: "com.example.app60000") == names.count)
        #expect(numbering.names.count == names.count + 1)
    }
}
