@_spi(Bytes) import LifelintBytes
import LifelintModel

/// An iOS sysdiagnose (`.tar.gz`, docs/formats.md §20), or any tar archive of Apple reports: its
/// crash, JetsamEvent and other termination reports (`crashes_and_spins/`, `DiagnosticReports/`,
/// `.ips` and `.crash`) are read as the reports they are and merged in time order; its binary
/// log archive is named with how to convert it. Streams: nothing is unpacked to disk.
struct SysdiagnoseArchiveFormat: TraceFormat {
    static let title = "a sysdiagnose or tar archive of reports"
    static let fileExtensions: [String] = ["tar"]
    static let reportsDeathsOnly = true
    /// A report larger than this is no report; it is skipped, and said so.
    static let maximumReportSize = 16 << 20

    init?(recognising head: TraceHead) {
        guard head.withBytes(TarArchiveReader.isTar) else { return nil }
    }

    func read(_ input: TraceInput, head: [UInt8], options: TraceReadOptions, emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var archive = TarArchiveReader(source: input.byteSource, initial: head)
        var summary = IngestionSummary(path: input.path, format: "tar archive")
        summary.unit = "entries"
        var events: [Event] = []
        var logArchive: String?
        do throws(TarArchiveReader.Failure) {
            while let (entry, data) = try archive.next(reading: { Self.isReport($0.name) }, limit: Self.maximumReportSize) {
                summary.lines += 1
                guard entry.isFile else {
                    summary.structuralLines += 1
                    if entry.name.hasSuffix(".logarchive/") || entry.name.hasSuffix(".logarchive") {
                        logArchive = logArchive ?? String(entry.name.hasSuffix("/") ? entry.name.dropLast() : entry.name[...])
                    }
                    continue
                }
                if logArchive == nil, let range = entry.name.range(of: ".logarchive/") { logArchive = String(entry.name[..<range.upperBound].dropLast()) }
                guard let data else {
                    summary.logLines += 1
                    continue
                }
                let read = Self.readReport(data, name: "\(input.path)!\(entry.name)", options: options)
                summary.bundleEntries.append(.init(name: entry.name, outcome: read.outcome, isRead: read.events != nil))
                if let found = read.events, !found.isEmpty {
                    summary.eventLines += 1
                    events += found
                } else {
                    summary.logLines += 1
                }
            }
        } catch {
            summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: summary.lines + 1), message: "\(error); the entries before it were read"))
        }
        if let logArchive {
            summary.bundleEntries.append(
                .init(
                    name: logArchive,
                    outcome: "Apple's binary log archive: on a Mac, log show --archive \(logArchive) --style ndjson > logs.ndjson, then run lifelint on logs.ndjson",
                    isRead: false))
        }
        summary.format = Self.format(summary.bundleEntries)
        for event in events.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }).map(\.element) {
            summary.events += 1
            summary.clockEnd = max(summary.clockEnd ?? event.time, event.time)
            emit(event)
        }
        return summary
    }

    /// `crashes_and_spins/…`, `DiagnosticReports/…`: the reports, by extension.
    static func isReport(_ name: String) -> Bool {
        let file = name.split(separator: "/").last ?? ""
        guard file.hasSuffix(".ips") || file.hasSuffix(".crash") else { return false }
        return !file.hasPrefix("._")
    }

    private static func readReport(_ data: [UInt8], name: String, options: TraceReadOptions) -> (events: [Event]?, outcome: String) {
        do {
            var events: [Event] = []
            let summary = try TraceReader.read(TraceInput(bytes: data, name: name), options: options) { events.append($0) }
            return (events, "\(summary.format), \(events.count) event\(events.count == 1 ? "" : "s")")
        } catch {
            return (nil, "not read: \(error)")
        }
    }

    private static func format(_ entries: [IngestionSummary.BundleEntry]) -> String {
        let reports = entries.filter(\.isRead).count
        return "tar archive, \(reports) report\(reports == 1 ? "" : "s")"
    }
}
