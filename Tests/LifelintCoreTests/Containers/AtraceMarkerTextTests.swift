import Testing

@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintIngestion

/// An atrace marker read from its bytes reads as its text does, in every form lifelint reads
/// and at the edges where a byte and a character differ.
@Suite struct AtraceMarkerTextTests {
    private static func reading(bytes text: String) -> String {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { String(describing: AtraceMarkerText.parse(bytes: $0.span)) }
    }

    private static func reading(text: String) -> String {
        String(describing: AtraceMarkerText.parse(Substring(text)))
    }

    @Test(arguments: [
        "B|4242|activityStart", "B|4242|activityResume\n", "B|4242|bindApplication", "B|4242|Choreographer#doFrame 123",
        "B|4242|lifelint:persist.begin key=draft", "B|4242|a|b|c", "B|4242|", "B|4242", "B||activityStart", "B|+42|activityStart",
        "B|-42|activityStart", "B|99999999999|activityStart", "B|4242|caf\u{E9}", "B|4242|\u{301}activityStart", "B|4242|activityStart\r\n",
        "B|4242|activityStart\n\n", "B|lmkd|lmk,4242,3,900", "B|1|lmk,,77", "E|4242", "E|4242|activityStart", "E|", "E", "B", "",
        "I|4242|lifelint:persist.end key=draft", "I|4242|other", "C|1|kill_one_process|4242", "C|1|kill_one_process|-1", "C|4242|counter|5",
        "N|lmkd|lowmemorykiller|lmk,4242,3,900", "N|1|lowmemorykiller|lmk,4242", "N|4242|other", "S|4242|async|7", "F|4242|async|7",
        "b|4242|activityStart", "BB|4242|activityStart", "B|4242|activityStart|\u{E9}",
    ])
    func bytesReadAsText(marker: String) {
        #expect(Self.reading(bytes: marker) == Self.reading(text: marker))
    }

    @Test func theCommonFormsReadWithoutText() {
        #expect(Self.reading(bytes: "B|4242|activityStart\n") == #"Optional((LifelintIngestion.PerfettoMarker.Kind.begin("activityStart"), Optional(4242)))"#)
        #expect(Self.reading(bytes: "B|4242|Choreographer#doFrame") == #"Optional((LifelintIngestion.PerfettoMarker.Kind.begin(""), Optional(4242)))"#)
        #expect(Self.reading(bytes: "E|4242") == "Optional((LifelintIngestion.PerfettoMarker.Kind.end, Optional(4242)))")
        #expect(Self.reading(bytes: "C|4242|counter|5") == "nil")
    }
}
