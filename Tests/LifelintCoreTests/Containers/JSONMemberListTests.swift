import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct JSONMemberListTests {
    /// The list grows past its first capacity without losing members, and is empty again
    /// for the next record.
    @Test func growsAndEmpties() {
        let list = JSONMemberList(capacity: 2)
        let bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        for index in 0..<5 { list.append((key: index..<(index + 1), value: JSONValue(bytes: bytes, range: index..<index, kind: .null))) }
        #expect(list.elements.map(\.key.lowerBound) == [0, 1, 2, 3, 4])
        list.removeAll()
        #expect(list.elements.isEmpty)
    }
}
