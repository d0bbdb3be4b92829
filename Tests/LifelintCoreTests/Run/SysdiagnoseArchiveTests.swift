import Foundation
import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintIngestion
@testable import LifelintModel

/// A sysdiagnose (a tar.gz): its reports read as reports, streamed, nothing unpacked.
@Suite struct SysdiagnoseArchiveTests {
    private static func fixture(_ name: String) -> String { RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/compressed/\(name)") }
    private static let root = "sysdiagnose_2024.01.08_09-20-11-0800_iPhone-OS_iPhone_21C66"

    @Test func itsReportsYieldTheirDeathsInTimeOrder() throws {
        let path = Self.fixture("sysdiagnose-reports.tar.gz")
        let (events, summary) = try TraceReader.events(atPath: path)
        #expect(
            events.map { "\($0.time.iso8601 ?? "") \($0.app) \($0.attributes["reason"] ?? "")" } == [
                "2024-03-04T21:17:09.4213+01:00 com.example.journal lock-held-at-suspension", "2024-03-05T08:12:43.9127+01:00 com.example.journal watchdog",
            ])
        #expect(events.last?.source.path == "\(path)!\(Self.root)/crashes_and_spins/Notes-2024-01-08-091541.ips")
        #expect(summary.format == "tar archive, 2 reports (gzip)" && summary.unit == "entries" && summary.lines == 8 && summary.problemCount == 0)
        #expect(summary.categoriesAddUp)
        #expect(
            summary.bundleEntries.map { "\($0.isRead ? "read" : "skipped") \($0.name.dropFirst(Self.root.count + 1))" } == [
                "read crashes_and_spins/Notes-2024-01-08-091541.ips",
                "read crashes_and_spins/Panics_and_Crashes_from_the_device_attached_during_the_sysdiagnose_run/Journal-2024-01-08-091200.crash",
                "skipped system_logs.logarchive",
            ])
        #expect(summary.bundleEntries.last?.outcome.contains("log show --archive") == true)
    }

    @Test func aCutOffArchiveSaysWhereAndKeepsWhatCameBefore() throws {
        let (_, summary) = try TraceReader.events(atPath: Self.fixture("sysdiagnose-reports-truncated.tar.gz"))
        #expect(summary.problemCount == 1)
        #expect(summary.problems.first?.message.hasSuffix("the entries before it were read") == true)
    }

    @Test func onlyReportsAreRead() {
        #expect(SysdiagnoseArchiveFormat.isReport("sysdiagnose_x/crashes_and_spins/JetsamEvent-2024-01-08-091541.ips"))
        #expect(!SysdiagnoseArchiveFormat.isReport("sysdiagnose_x/crashes_and_spins/._Notes.ips"))
        #expect(!SysdiagnoseArchiveFormat.isReport("sysdiagnose_x/logs/powerlogs.txt"))
    }

    /// A header that claims eight gibibytes of pax data in an archive of a few hundred bytes is
    /// an archive cut short, read with the memory of what it holds.
    @Test func aHeaderThatClaimsGibibytesIsACutOffArchive() {
        var header = [UInt8](repeating: 0, count: 512)
        header.replaceSubrange(0..<3, with: "pax".utf8)
        header.replaceSubrange(124..<135, with: "77777777777".utf8)
        header[156] = UInt8(ascii: "x")
        header.replaceSubrange(257..<262, with: "ustar".utf8)
        var reader = TarArchiveReader(source: EmptySource(), initial: header + [UInt8](repeating: 0x41, count: 300))
        #expect(throws: TarArchiveReader.Failure.self) { _ = try reader.next(reading: { _ in true }, limit: 1 << 20) }
    }
}
