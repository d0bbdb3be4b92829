import Testing
@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports
@testable import LifelintCLI

@Suite struct TimestampTests {
    @Test func civilConversionRoundTrips() {
        let date = CivilDateTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, nanosecond: 123_456_789)
        #expect(CivilDateTime(nanosecondsSinceEpoch: date.nanosecondsSinceEpoch) == date)
        #expect(CivilDateTime(year: 1970, month: 1, day: 1).nanosecondsSinceEpoch == 0)
        #expect(CivilDateTime(year: 1969, month: 12, day: 31, hour: 23).nanosecondsSinceEpoch == -3_600_000_000_000)
    }

    @Test func iso8601KeepsTheSourcePrecisionAndZone() {
        let date = CivilDateTime(year: 2024, month: 1, day: 8, hour: 8, minute: 45, second: 42, nanosecond: 977_000_000)
        #expect(Timestamp.wall(date, fractionDigits: 3).iso8601 == "2024-01-08T08:45:42.977")
        #expect(Timestamp.wall(date, utcOffsetSeconds: 3600, fractionDigits: 6).iso8601 == "2024-01-08T08:45:42.977000+01:00")
        #expect(Timestamp.wall(date, utcOffsetSeconds: -28_800, fractionDigits: 3).iso8601 == "2024-01-08T08:45:42.977-08:00")
        #expect(Timestamp.wall(date, utcOffsetSeconds: 0, fractionDigits: 9).iso8601 == "2024-01-08T08:45:42.977000000Z")
        #expect(Timestamp(clock: .monotonic, nanoseconds: 12_345_678_901_000, fractionDigits: 6).iso8601 == "PT12345.678901S")
        #expect(Timestamp.unknown.iso8601 == nil)
    }

    @Test func zonedTimesCompareAsInstants() {
        let date = CivilDateTime(year: 2024, month: 1, day: 8, hour: 9)
        let paris = Timestamp.wall(date, utcOffsetSeconds: 3600)
        let london = Timestamp.wall(CivilDateTime(year: 2024, month: 1, day: 8, hour: 8), utcOffsetSeconds: 0)
        #expect(paris.nanoseconds == london.nanoseconds)
    }
}
