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

    /// Names whose 32-bit tags are equal (found among 300,000 names: hashes are seeded per
    /// process) keep their own numbers wherever they land, before and after the table grows.
    @Test func namesWithTheSameTagKeepTheirOwnNumbers() throws {
        var seen: [UInt32: String] = [:]
        var pair: (String, String)?
        for index in 0..<300_000 where pair == nil {
            let name = "com.example.tag\(index)"
            let tag = AppNumbering.tag(of: name)
            if let other = seen[tag] { pair = (other, name) } else { seen[tag] = name }
        }
        let (first, second) = try #require(pair, "no two of 300,000 names share a tag (odds about 1 in 30,000)")
        var numbering = AppNumbering()
        let names = [first] + (0..<100).map { "com.example.filler\($0)" } + [second]
        #expect(names.map { numbering.number(of: $0) } == Array(names.indices))
        #expect(numbering.number(of: second) == names.count - 1)
        #expect(numbering.number(of: first) == 0)
    }

    /// Apps whose events interleave are found by where their names are stored; a name made
    /// anew (the same text elsewhere) and a stored string that took another's place in the
    /// hint table are still numbered by their text.
    @Test func interleavedAppsKeepTheirNumbersWhateverStringsCarryTheirNames() {
        var numbering = AppNumbering()
        let names = (0..<600).map { "com.example.interleaved\($0)" }
        #expect(names.map { numbering.number(of: $0) } == Array(names.indices))
        for round in 0..<3 {
            for index in stride(from: round, to: names.count, by: 7) {
                #expect(numbering.number(of: names[index]) == index)
                #expect(numbering.number(of: "com.example." + "interleaved\(index)") == index)
            }
        }
        #expect(numbering.number(of: "com.example.interleaved600") == 600)
    }
}
