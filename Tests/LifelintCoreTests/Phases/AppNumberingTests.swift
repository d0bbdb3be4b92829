import Testing

@testable import LifelintAnalysis

@Suite struct AppNumberingTests {
    /// Names are numbered in order of first sight, through many growths of the table, and each
    /// is found again: names that differ in one character, empty, long and non-ASCII ones.
    @Test func everyNameKeepsTheNumberOfItsFirstSight() {
        var numbering = AppNumbering()
        let names = (0..<60_000).map { "com.example.app\($0)" } + ["", "ä", String(repeating: "x", count: 300), "pid 42"]
        #expect(names.map { numbering.number(of: $0) } == Array(names.indices))
        #expect(numbering.names == names)
        #expect(names.map { numbering.number(of: $0) } == Array(names.indices))
        #expect(numbering.number(of: "com.example.app60000") == names.count)
        #expect(numbering.names.count == names.count + 1)
    }
}
