import Testing

@testable import LifelintIngestion

/// Numbers read from bytes must read as the standard library reads the same text: pids and
/// durations that do not fit are no number, not a wrapped one.
@Suite struct DecimalTextTests {
    @Test(arguments: [
        "0", "7", "-0", "+5", "-3", "+", "-", "", " 5", "5 ", "1e3", "0x10", "12a", "--1", "+-1", "007",
        "2147483647", "2147483648", "-2147483648", "-2147483649",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "\u{0661}",
    ])
    func readsAsTheStandardLibrary(_ text: String) {
        let bytes = Array(text.utf8)
        let (wide, narrow) = (DecimalText.integer(bytes.span, 0..<bytes.count, as: Int64.self), DecimalText.integer(bytes.span, 0..<bytes.count, as: Int32.self))
        #expect(wide == Int64(text))
        #expect(narrow == Int32(text))
    }

    @Test func readsOnlyTheRange() {
        let bytes = Array("pid=4242,".utf8)
        #expect(DecimalText.integer(bytes.span, 4..<8, as: Int32.self) == 4242)
        #expect(DecimalText.integer(bytes.span, 4..<9, as: Int32.self) == nil)
    }
}
