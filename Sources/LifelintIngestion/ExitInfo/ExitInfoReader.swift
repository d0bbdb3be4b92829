import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// `adb shell dumpsys activity exit-info` (or a whole `dumpsys activity`) saved to a file: each
/// `ApplicationExitInfo` record is one `process.died`. Records are listed per package, newest
/// first, so they are put in time order before they go out.
struct ExitInfoReader: LineOrientedReader {
    private let path: String
    private var parser = ExitInfoParser()
    private var recordLines = 0
    var summary: IngestionSummary

    init(path: String) {
        self.path = path
        summary = IngestionSummary(path: path, format: "android exit-info")
    }

    mutating func read(line: Span<UInt8>, emit: EventSink) {
        let text = Substring(line.text)
        if parser.feed(text, line: summary.lines) {
            recordLines += 1
        } else if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            summary.structuralLines += 1
        }
    }

    mutating func finish(emit: EventSink) {
        let records = parser.finish().sorted(by: ExitInfoRecord.inTimeOrder)
        for record in records { emit(record.event(path: path)) }
        summary.events = records.count
        summary.eventLines = records.count
        summary.continuationLines = recordLines - records.count
        summary.logLines = summary.lines - summary.eventLines - summary.continuationLines - summary.structuralLines
        summary.clockEnd = records.map(\.time).filter { $0.clock != .unknown }.max()
    }

    /// Whether the first bytes hold an exit-info record (and are not a bugreport, whose
    /// exit-info section the logcat reader finds on its own).
    static func isExitInfo(_ head: Span<UInt8>) -> Bool {
        ByteSearch.contains("ApplicationExitInfo #", in: head) && !ByteSearch.contains("== dumpstate", in: head)
    }
}
