import Testing

@_spi(Bytes) @testable import LifelintBytes

/// The `Collection`-like reads parsers make on a span: indices are the span's own, also when a
/// range narrows the search, as they were on a slice of a buffer. (Results are read into values
/// first: `#expect` cannot hold a span.)
struct SpanBytesTests {
    private let bytes = Array("I/Tag( 123): done\r".utf8)

    @Test func searchesInARangeAnswerInTheSpansIndices() {
        let line = bytes.span
        let indices = [
            line.firstIndex(of: .openParen, in: 2...), line.firstIndex(of: .openParen, in: 6...), line.lastIndex(of: .space, in: ..<12),
            line.firstIndex(in: 6..<10) { $0.isASCIIDigit }, line.count(of: .space, in: 0..<12),
        ]
        #expect(indices == [5, nil, 6, 7, 1])
        let answers = [
            line.allSatisfy(in: 7..<10) { $0.isASCIIDigit }, line.allSatisfy(in: 6..<10) { $0.isASCIIDigit },
            line.contains(.colon, in: 10...), line.contains(.colon, in: ..<10),
        ]
        #expect(answers == [true, false, true, false])
    }

    @Test func comparesWithLiteralsAndOtherBytes() {
        let line = bytes.span
        let empty = Span<UInt8>()
        let answers = [
            line.starts(with: "I/Tag"), line.starts(with: "I/".utf8), line.ends(with: "done\r".utf8), line.ends(with: "I/Tag( 123): done\r!".utf8),
            line.matches("Tag", at: 2..<5), line.matches("Tag", at: 2..<6), line.droppingCarriageReturn().equals("I/Tag( 123): done"),
            empty.first == nil && empty.last == nil && empty.equals(""),
        ]
        #expect(answers == [true, true, true, false, true, false, true, true])
        let twice = line.droppingCarriageReturn().droppingCarriageReturn().count
        #expect(twice == bytes.count - 1)
        let digits = line.text(7..<10)
        #expect(digits == "123")
    }

    @Test func readsTheLinesOfASpanWithoutTheirBreaks() {
        var lines: [String] = []
        ByteSearch.forEachLine(in: Array("a\n\nbc\nd".utf8).span) { lines.append($0.text) }
        #expect(lines == ["a", "", "bc", "d"])
    }
}
