import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct StringInternerTests {
    private func intern(_ text: String, _ interner: inout StringInterner) -> String {
        Array(text.utf8).withUnsafeBufferPointer { interner.string($0) }
    }

    /// Thousands of distinct strings share 512 slots: every lookup still gives its own text.
    @Test func collisionsNeverReturnAnotherString() {
        var interner = StringInterner()
        let texts = (0..<5_000).map { "com.example.app\($0)" } + ["", "a", String(repeating: "x", count: 32), String(repeating: "y", count: 33), "é✓😀"]
        for round in 0..<2 {
            for text in texts { #expect(intern(text, &interner) == text, "round \(round)") }
        }
    }

    /// Past 32 bytes a slot's words see only the first and last 16: strings that differ only
    /// in the middle are still told apart, up to the longest kept (127 bytes) and beyond it.
    @Test func longStringsAreComparedWhole() {
        var interner = StringInterner()
        let middles = ["EditorActivity", "EditorActivitz", "MainActivity00", "Ö✓"]
        let texts =
            middles.map { "com.example.app17/.\($0)/com.example.app17" }
            + (0..<1_000).map { "com.example.app\($0)/.EditorActivity" }
            + [126, 127, 128, 200].flatMap { count in
                ["a", "b"].map { middle in String(repeating: "x", count: 40) + middle + String(repeating: "y", count: count - 41) }
            }
        for round in 0..<2 {
            for text in texts { #expect(intern(text, &interner) == text, "round \(round)") }
        }
    }

    @Test func escapedJSONStringsAreDecoded() {
        var interner = StringInterner()
        let json = Array(#""a\"b\u00e9""#.utf8)
        let text = json.withUnsafeBufferPointer { interner.string(json: JSONValue(bytes: $0, range: 0..<$0.count, kind: .string)) }
        #expect(text == "a\"bé")
    }

    /// A record without a backslash has its strings read as their raw bytes; one with an escape
    /// anywhere is read the careful way, each string on its own. The same text, escaped in one
    /// record and plain in the next, is the same string either way.
    @Test func recordsWithAndWithoutEscapesDecodeAlike() throws {
        let trace = #"""
            {"time":1704700800.5,"event":"persist.begin","app":"com.example.notes","pid":42,"platform":"android","attrs":{"key":"draft/1","note":"caf\u00e9"}}
            {"time":1704700801.5,"event":"persist.begin","app":"com.example.notes","pid":42,"platform":"android","attrs":{"key":"draft/1","note":"café"}}
            {"time":1704700802.5,"event":"persist.end","app":"com.ex\u0061mple.notes","pid":42,"platform":"android","attrs":{"k\u0065y":"draft\/1","ok":true}}
            {"time":1704700803.5,"event":"persist.end","app":"com.example.notes","pid":42,"platform":"android","attrs":{"key":"draft/1","ok":true}}
            """#
        let events = try TraceFixture.ingest(trace, name: "escapes.jsonl").events
        #expect(events.map(\.app) == Array(repeating: "com.example.notes", count: 4))
        #expect(
            events.map(\.attributes) == [
                ["key": "draft/1", "note": "café"], ["key": "draft/1", "note": "café"],
                ["key": "draft/1", "ok": "true"], ["key": "draft/1", "ok": "true"],
            ])
    }
}
