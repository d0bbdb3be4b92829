import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Written piece by piece, the document is byte for byte what serialising it whole gives.
@Suite struct PrettyJSONWriterTests {
    @Test func piecesMakeTheSameBytesAsTheWhole() {
        let items: [[String: Any]] = [["b": [Int](), "a": "x/y", "c": ["k": [1, 2], "e": [String: Any]()]], ["z": NSNull(), "n": 1.5]]
        let whole: [String: Any] = ["list": items, "empty": [Any](), "count": 2, "nested": ["inner": items]]
        let expected = String(
            decoding: try! JSONSerialization.data(
                withJSONObject: whole, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]), as: UTF8.self)
        let output = ByteOutput.memory()
        PrettyJSONWriter(output: output).write(
            .object([
                ("count", .whole(2)),
                ("empty", .array(count: 0) { _ in .whole(0) }),
                ("list", .array(count: items.count) { .whole(items[$0]) }),
                ("nested", .object([("inner", .array(count: items.count) { .whole(items[$0]) })])),
            ]))
        #expect(output.text == expected)
    }
}
