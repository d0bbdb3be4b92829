import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

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

    /// Times people read: a trace clock's seconds are not an ISO 8601 duration (`PT…S`).
    @Test func readableTimesNameTheirClock() {
        #expect(Timestamp(clock: .monotonic, nanoseconds: 12_345_678_901_000, fractionDigits: 6).readable == "12345.678901 s on the trace's clock")
        #expect(Timestamp.wall(CivilDateTime(year: 2024, month: 1, day: 8, hour: 9), utcOffsetSeconds: 0, fractionDigits: 3).readable == "2024-01-08T09:00:00.000Z")
        #expect(Timestamp.unknown.readable == "an unknown time")
    }

    /// A Chrome trace whose `ts` is an epoch time in microseconds stamps wall time, to the
    /// microsecond; one counted from its own start stays on the trace's clock.
    @Test func chromeTraceTimesInTheEpochAreWallTime() {
        let epoch = FrameworkSlices.time(1_704_705_342_305_000)
        #expect(epoch.clock == .wall)
        #expect(epoch.iso8601 == "2024-01-08T09:15:42.305000Z")
        let sinceStart = FrameworkSlices.time(12_345_678.5)
        #expect(sinceStart.clock == .monotonic)
        #expect(sinceStart.readable == "12.345678 s on the trace's clock")
    }

    @Test func placesInLongLinesNameTheirColumn() {
        #expect(SourceLocation(path: "a.json", line: 1, column: 336).lineText == "line 1, column 336")
        #expect(SourceLocation(path: "a.jsonl", line: 6, column: 1).lineText == "line 6")
        #expect(SourceLocation(path: "a.log", line: 28).lineText == "line 28")
    }

    @Test func aPlaceWithoutColumnOrOffsetHasNone() {
        var place = SourceLocation(path: "a.log", line: 3)
        #expect(place.column == nil && place.byteOffset == nil)
        place.column = 0
        #expect(place.column == 0 && place != SourceLocation(path: "a.log", line: 3))
        place.column = nil
        #expect(place == SourceLocation(path: "a.log", line: 3))
        let packet = SourceLocation(path: "t.perfetto-trace", record: 2, byteOffset: 0)
        #expect(packet.byteOffset == 0 && packet.column == nil)
        #expect(packet.description == "t.perfetto-trace (packet 2 at byte 0)")
    }
}
