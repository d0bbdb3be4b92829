import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct RegularExpressionTests {
    @Test func namedGroupsAndDigitsBecomePOSIXSyntax() throws {
        let (translated, names) = try RegularExpression.translate(Array(#"^flush (?<what>[a-z]+) in (\d+)ms \(ok\) [(]x[]]"#.utf8))
        #expect(translated == #"^flush ([a-z]+) in ([0-9]+)ms \(ok\) [(]x[]]"#)
        #expect(names == ["what", nil])
        #expect(throws: RegularExpression.Failure.self) { try RegularExpression("(?=lookahead)") }
        #expect(throws: RegularExpression.Failure.self) { try RegularExpression("(unclosed") }
    }

    @Test func matchesGiveTheGroupsText() throws {
        let expression = try RegularExpression(#"flush done in (?<duration_ms>\d+)ms"#)
        let text = "flush done in 35ms key=draft"
        let match = try #require(text.withCString { expression.match($0) })
        #expect(match.whole == 0..<18)
        #expect(match.groups == [14..<16])
    }

    @Test(
        arguments: [
            (#"flush done in (?<ms>\d+)ms"#, "flush done in "),
            (#"underrun \((?<ms>\d+)\)"#, "underrun ("),
            (#"^colou?r of the sky"#, "r of the sky"),
            (#"a|bcdef"#, nil),
            (#"(optional text)?ab"#, nil),
            (#"[0-9]+ frames!"#, " frames!"),
            (#"x*yz"#, nil),
            (#"abcd+e"#, "abcd"),
            // A ')' that closes nothing is a literal (to the C library too); the group after it is
            // optional, so its text is not required.
            (#"x)(abc)?"#, nil),
            (#"ab)cd"#, "ab)cd"),
        ] as [(String, String?)])
    func aRequiredLiteralGuardsTheExpression(_ pattern: String, _ literal: String?) {
        #expect(RegularExpression.requiredLiteral(of: Array(pattern.utf8)) == literal.map { Array($0.utf8) })
    }
}
