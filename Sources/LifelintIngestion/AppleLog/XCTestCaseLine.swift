@_spi(Bytes) import LifelintBytes
import LifelintModel

/// XCTest's line for a test case, as Xcode's console and `xcodebuild test` print it among the
/// app's own lines (docs/formats.md §22): `Test Case '-[NotesTests.EditorTests testDraft]' started.`
/// and `… passed (0.512 seconds).`, `failed (…)` or `skipped (…)`. The line has no time: it
/// takes the latest time before it, so it keeps its place among the app's records.
struct XCTestCaseLine {
    let test: String
    let testClass: String
    /// `started`, or the outcome: `passed`, `failed`, `skipped`.
    let kind: String

    private static let opening = Array("Test Case '-[".utf8)
    /// XCTest's other lines: a suite's start and end, the counts, a UI test's steps (`t = 0.05s Set Up`).
    private static let otherOpenings = ["Test Suite '", "Executed ", "t = "].map { Array($0.utf8) }

    /// Whether the line is one of XCTest's own that says nothing lifelint reads: an ordinary
    /// line, never part of the app's record before it.
    static func isOtherXCTestLine(_ line: Span<UInt8>) -> Bool {
        let start = line.prefixCount(while: { $0 == .space || $0 == .tab })
        let text = line.extracting(start...)
        return otherOpenings.contains { text.starts(with: $0) }
    }
    private static let kinds = ["started", "passed", "failed", "skipped"].map { (word: $0, bytes: Array("]' \($0)".utf8)) }

    init?(_ line: Span<UInt8>) {
        let start = line.prefixCount(while: { $0 == .space || $0 == .tab })
        let text = line.extracting(start...)
        guard text.starts(with: Self.opening) else { return nil }
        let body = text.extracting(Self.opening.count...)
        guard let space = body.firstIndex(of: .space), space > 0,
            let close = ByteSearch.firstIndex(of: "]' ", in: body, from: space), close > space + 1
        else { return nil }
        let rest = body.extracting(close...)
        guard let kind = Self.kinds.first(where: { rest.starts(with: $0.bytes) }) else { return nil }
        testClass = body.extracting(0..<space).text
        test = body.extracting((space + 1)..<close).text
        self.kind = kind.word
    }

    /// `test.started`, or `test.finished` with its outcome (`skipped`, XCTSkip's, is a skipped test).
    func event(time: Timestamp, source: SourceLocation) -> Event {
        var attributes: Attributes = ["test": test, "class": testClass]
        if kind != "started" { attributes["outcome"] = kind }
        return Event(
            time: time, app: "xctest", pid: nil, tid: nil, platform: .ios, name: kind == "started" ? EventName.testStarted : EventName.testFinished,
            attributes: attributes, source: source)
    }
}
