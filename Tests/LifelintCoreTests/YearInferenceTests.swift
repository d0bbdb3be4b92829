import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct YearInferenceTests {
    @Test func newYearWrapKeepsTimeMovingForward() throws {
        let text = """
            12-31 23:59:59.900  4242  4242 I lifelint: input.edited
            01-01 00:00:00.100  4242  4242 I lifelint: persist.begin key=draft
            """
        let (events, _) = try TraceFixture.ingest(text, options: TraceReadOptions(year: 2023))
        #expect(events.map(\.time.iso8601) == ["2023-12-31T23:59:59.900", "2024-01-01T00:00:00.100"])
        #expect(events[0].time < events[1].time)
    }

    @Test func aDecemberLogSavedInJanuaryIsLastYears() throws {
        let url = TraceFixture.temporaryFile(
            name: "new-year.log",
            contents: Data(
                """
                12-31 23:59:59.900  4242  4242 I lifelint: input.edited
                01-01 00:00:00.100  4242  4242 I lifelint: persist.begin key=draft

                """.utf8))
        let saved = CivilDateTime(year: 2024, month: 1, day: 2, hour: 9)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(saved.nanosecondsSinceEpoch / 1_000_000_000))], ofItemAtPath: url.path)
        let (events, summary) = try TraceReader.events(atPath: url.path)
        #expect(events.map(\.time.iso8601) == ["2023-12-31T23:59:59.900", "2024-01-01T00:00:00.100"])
        #expect(summary.assumedYear == 2023)
        let stated = try TraceReader.events(atPath: url.path, options: TraceReadOptions(year: 2024))
        #expect(stated.events.first?.time.iso8601 == "2024-12-31T23:59:59.900")
    }

    @Test func defaultYearIsTheFileModificationYear() throws {
        let url = TraceFixture.temporaryFile(name: "old.log", contents: Data("06-01 10:00:00.000  1  1 I lifelint: input.edited\n".utf8))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let modified = CivilDateTime(year: 2019, month: 7, day: 1, hour: 12)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(modified.nanosecondsSinceEpoch / 1_000_000_000))],
            ofItemAtPath: url.path)
        let (events, _) = try TraceReader.events(atPath: url.path)
        #expect(events.map(\.time.iso8601) == ["2019-06-01T10:00:00.000"])
    }
}
