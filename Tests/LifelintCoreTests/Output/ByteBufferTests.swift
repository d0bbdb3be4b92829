import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct ByteBufferTests {
    private func json(_ value: String) -> String {
        var buffer = ByteBuffer(capacity: 4)
        buffer.appendJSONString(value)
        return buffer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func plainTextIsCopiedAsIs() {
        #expect(json("") == #""""#)
        #expect(json("com.example.notes.with.a.long.package.name") == #""com.example.notes.with.a.long.package.name""#)
        #expect(json("brouillon é ✓ 😀 of any length at all") == #""brouillon é ✓ 😀 of any length at all""#)
    }

    @Test func quotesBackslashesAndControlCharactersAreEscapedAnywhereInTheString() {
        #expect(json(#"say "hi""#) == #""say \"hi\"""#)
        #expect(json(#"C:\drafts\n"#) == #""C:\\drafts\\n""#)
        #expect(json("line one\nline two\r\n\tend") == #""line one\nline two\r\n\tend""#)
        #expect(json("bell\u{07}and escape\u{1B}[0m at offset 17") == #""bell\u0007and escape\u001b[0m at offset 17""#)
        #expect(json("12345678\"") == #""12345678\"""#)
    }

    @Test func attentionMaskFindsTheFirstByteThatNeedsAttention() {
        func offset(_ text: String) -> Int? {
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { raw in
                for (index, byte) in text.utf8.prefix(8).enumerated() { raw[index] = byte }
            }
            let mask = ByteSearch.jsonStringAttentionMask(UInt64(littleEndian: word))
            return mask == 0 ? nil : mask.trailingZeroBitCount / 8
        }
        #expect(offset("abcdefgh") == nil)
        #expect(offset("abc\"efgh") == 3)
        #expect(offset("a\\cdefgh") == 1)
        #expect(offset("abcdefg\u{01}") == 7)
        #expect(offset("\u{1F}bcdefgh") == 0)
        #expect(offset("abcdeé") == 5)
        #expect(offset("      ~ ") == nil)
    }

    @Test func numbersAndGrowth() {
        var buffer = ByteBuffer(capacity: 1)
        buffer.appendDecimal(0)
        buffer.append(.comma)
        buffer.appendDecimal(-9_223_372_036_854_775_808)
        buffer.append(.comma)
        buffer.appendDecimal(1_000_000_000_000_000_000)
        buffer.append(.comma)
        buffer.appendDigits(7, count: 3)
        #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == "0,-9223372036854775808,1000000000000000000,007")
    }
}
