import Testing

@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintIngestion

/// The timestamp reader has a fixed-offset path for logcat's default `MM-DD HH:MM:SS.fff` and a
/// general one for the rest; these pin what each shape reads as, whichever path reads it.
struct LogcatTimeTests {
    private struct Read: Equatable {
        var fields: [Int]
        var end: Int
    }

    private func read(_ text: String) -> Read? {
        let bytes = Array(text.utf8)
        do {
            var cursor = ByteCursor(bytes.span)
            guard let time = LogcatTime.parse(&cursor) else {
                #expect(cursor.index == 0, "a failed read leaves the cursor where it was")
                return nil
            }
            let fields = [
                time.year ?? -1, Int(time.month), Int(time.day), Int(time.hour), Int(time.minute), Int(time.second),
                Int(time.fractionDigits), Int(time.nanosecond), Int(time.seconds), Int(time.utcOffsetSeconds ?? -1),
            ]
            return Read(fields: fields, end: cursor.index)
        }
    }

    @Test func theDefaultShapeReadsEveryField() {
        #expect(read("01-08 10:00:00.000  1610  1655 I Tag: x") == Read(fields: [-1, 1, 8, 10, 0, 0, 3, 0, 0, -1], end: 18))
        #expect(read("  12-31 23:59:60.123456 +0100 rest") == Read(fields: [-1, 12, 31, 23, 59, 60, 6, 123_456_000, 0, 3600], end: 29))
        #expect(read("06-15 07:08:09.123456789") == Read(fields: [-1, 6, 15, 7, 8, 9, 9, 123_456_789, 0, -1], end: 24))
    }

    @Test func outOfRangeOrMisshapenTimesAreNotTimes() {
        for text in [
            "13-01 10:00:00.000", "00-08 10:00:00.000", "01-32 10:00:00.000", "01-00 10:00:00.000", "01-08 24:00:00.000",
            "01-08 10:60:00.000", "01-08 10:00:61.000", "01-08 1a:00:00.000", "01-08 10:00:00", "01-08 10:00:00.", "1-08 10:00:00.000",
            "01-08  10:00:00.000", "01-08 10:00:00.1234567890",
        ] {
            #expect(read(text) == nil, "\(text)")
        }
    }

    @Test func otherShapesStillRead() {
        #expect(read("2024-01-08 10:00:00.000 x") == Read(fields: [2024, 1, 8, 10, 0, 0, 3, 0, 0, -1], end: 23))
        #expect(read("1704700800.123 x") == Read(fields: [-1, 0, 0, 0, 0, 0, 3, 123_000_000, 1_704_700_800, -1], end: 14))
        #expect(read("  5012.5 x") == Read(fields: [-1, 0, 0, 0, 0, 0, 1, 500_000_000, 5012, -1], end: 8))
    }
}
