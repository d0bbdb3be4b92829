import Testing

@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintIngestion

struct ByteSearchTests {
    private func pairIndex(_ text: String, from start: Int = 0) -> Int? {
        let bytes = Array(text.utf8)
        return ByteSearch.firstIndex(of: .colon, followedBy: .space, in: bytes.span, from: start)
    }

    @Test func findsTheFirstByteOnlyWhereTheSecondFollowsIt() {
        #expect(pairIndex("ActivityManager: Start proc") == 15)
        #expect(pairIndex("a:b:c: d: e") == 5)
        #expect(pairIndex("tag:value") == nil)
    }

    @Test func neverReadsPastTheEndOrBeforeTheStart() {
        #expect(pairIndex("") == nil)
        #expect(pairIndex(":") == nil)
        #expect(pairIndex("tag:") == nil)
        #expect(pairIndex(": ") == 0)
        #expect(pairIndex("x: y: z", from: 2) == 4)
        #expect(pairIndex("x: y", from: 3) == nil)
    }

    @Test func theLineCursorFindsTheSameSeparator() {
        let bytes = Array("01-08 10:00:00.000  1610  1655 I ActivityManager: Start proc".utf8)
        let cursor = ByteCursor(bytes.span, at: 33)
        #expect(cursor.find(.colon, .space) == 48)
    }

    @Test func countsABytesOccurrencesWhereverTheyAre() {
        #expect(ByteSearch.count(of: .newline, in: [UInt8]().span) == 0)
        #expect(ByteSearch.count(of: .newline, in: Array("no break".utf8).span) == 0)
        #expect(ByteSearch.count(of: .newline, in: Array("\na\n\nb\n".utf8).span) == 4)
        // Longer than any vector the loop is cut into, with a remainder.
        let long = Array(repeating: Array("0123456789abcde\n".utf8), count: 1_001).joined() + Array("tail\n\n".utf8)
        #expect(ByteSearch.count(of: .newline, in: Array(long).span) == 1_003)
    }
}
