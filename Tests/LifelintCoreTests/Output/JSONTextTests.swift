import Foundation
import LifelintIngestion
import Testing

@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintReports

/// `JSONText` must write exactly what `JSONSerialization` writes (reports and baselines are
/// compared byte for byte by the people who diff them): thousands of generated values
/// (`SeededGenerator`, so a failure repeats), pretty and compact, against Foundation's own output.
@Suite struct JSONTextTests {
    static let pieces = [
        "a", "B", "b", "é", "É", "_", "-", ".", "9", "10", "007", "/", "\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{2028}", "😀", "z", "Z", " ", "ß",
        "ı", "İ", "ﬁ", "１",
    ]

    static func string(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0..<6, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
    }

    static func value(_ random: inout SeededGenerator, depth: Int = 0) -> Any {
        switch Int.random(in: 0..<(depth > 3 ? 6 : 9), using: &random) {
        case 0: return string(&random)
        case 1: return Int(bitPattern: UInt(random.next())) >> Int.random(in: 0..<64, using: &random)
        case 2: return Int64(bitPattern: random.next())
        case 3: return Int.random(in: 0..<2, using: &random) == 0
        case 4: return NSNull()
        case 5: return Double(Int.random(in: 0..<100_000, using: &random)) / Double(1 + Int.random(in: 0..<1000, using: &random))
        case 6, 7:
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0..<6, using: &random) { object[string(&random)] = value(&random, depth: depth + 1) }
            return object
        default: return (0..<Int.random(in: 0..<5, using: &random)).map { _ in value(&random, depth: depth + 1) }
        }
    }

    @Test(arguments: [false, true])
    func writesWhatFoundationWrites(pretty: Bool) throws {
        var random = SeededGenerator(seed: pretty ? 1 : 2)
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if pretty { options.insert(.prettyPrinted) }
        let text = JSONText()
        for round in 0..<3000 {
            let value = Self.value(&random)
            var bytes: [UInt8] = []
            try text.append(value, pretty: pretty, to: &bytes)
            let expected = try JSONSerialization.data(withJSONObject: value, options: options)
            #expect(bytes == [UInt8](expected), "round \(round): \(String(decoding: bytes, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))")
            if bytes != [UInt8](expected) { break }
        }
    }

    /// Foundation's key order is not byte order: digits by value, case folded, then lower case
    /// first.
    @Test func keysAreInFoundationsOrder() throws {
        var bytes: [UInt8] = []
        try JSONText().append(["b": 1, "B": 2, "_": 3, "10": 4, "9": 5, "a": [String: Any](), "c": [Any]()], pretty: true, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "{\n  \"_\" : 3,\n  \"9\" : 5,\n  \"10\" : 4,\n  \"a\" : {\n\n  },\n  \"b\" : 1,\n  \"B\" : 2,\n  \"c\" : [\n\n  ]\n}")
    }

    @Test func aValueJSONCannotHoldIsAnError() {
        var bytes: [UInt8] = []
        #expect(throws: OutputFailure.self) { try JSONText().append(["x": Double.nan], pretty: false, to: &bytes) }
    }
}
