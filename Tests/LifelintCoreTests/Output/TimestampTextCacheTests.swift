import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The minute cache writes exactly what `Timestamp.iso8601` says, whether it reuses the
/// minute's text or not.
@Suite struct TimestampTextCacheTests {
    private static func written(_ times: [Timestamp]) -> [String] {
        var cache = TimestampTextCache()
        return times.map { time in
            var buffer = ByteBuffer(capacity: 64)
            cache.append(time, to: &buffer)
            return buffer.withBytes { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test func sameTextAsIso8601AcrossMinutesZonesAndPrecisions() {
        var generator = SeededGenerator(seed: 7)
        var times: [Timestamp] = []
        var nanoseconds: Int64 = -61_000_000_000
        for _ in 0..<2_000 {
            // Steps from a few nanoseconds to a few minutes, so minutes repeat and change.
            nanoseconds += Int64.random(in: 1...200_000_000_000, using: &generator) / Int64.random(in: 1...1_000, using: &generator)
            let offset: Int32? = [nil, 0, 3600, -28_800, 19_800].randomElement(using: &generator)!
            let digits = [0, 3, 6, 9].randomElement(using: &generator)!
            times.append(Timestamp(clock: .wall, nanoseconds: nanoseconds, utcOffsetSeconds: offset, fractionDigits: UInt8(digits)))
        }
        times.append(Timestamp(clock: .monotonic, nanoseconds: 12_345_678_901_000, fractionDigits: 6))
        times.append(Timestamp.wall(CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, nanosecond: 999_000_000), fractionDigits: 3))
        times.append(Timestamp.wall(CivilDateTime(year: 1970, month: 1, day: 1), fractionDigits: 3))
        #expect(Self.written(times) == times.map { $0.iso8601 ?? "" })
    }
}
