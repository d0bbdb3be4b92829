import Foundation
import LifelintModel

/// `adb shell dumpsys activity exit-info` (or a whole `dumpsys activity`) saved to a file: each
/// `ApplicationExitInfo` record is one `process.died`. Records are listed per package, newest
/// first, so they are put in time order before they go out.
enum ExitInfoReader {
    static func read(_ input: TraceInput, head: [UInt8], emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var summary = IngestionSummary(path: input.path, format: "android exit-info")
        summary.reportsDeathsOnly = true
        var parser = ExitInfoParser()
        var recordLines = 0
        let reader = ByteLineReader(source: input.byteSource, initial: head, chunkSize: input.chunkSize(after: head))
        do {
            try reader.forEachLine { raw in
                summary.lines += 1
                var end = raw.count
                if end > 0, raw[end - 1] == .carriageReturn { end -= 1 }
                let text = Substring(decoding: UnsafeBufferPointer(rebasing: raw[..<end]), as: UTF8.self)
                if parser.feed(text, line: summary.lines) {
                    recordLines += 1
                } else if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    summary.structuralLines += 1
                }
            }
        } catch {
            summary.report(IngestionProblem(location: SourceLocation(path: input.path, line: summary.lines + 1), message: "read failed: \(error.message)"))
        }
        summary.truncatedLines = reader.truncatedLines
        let records = parser.finish().sorted(by: ExitInfoRecord.inTimeOrder)
        for record in records { emit(record.event(path: input.path)) }
        summary.events = records.count
        summary.eventLines = records.count
        summary.continuationLines = recordLines - records.count
        summary.logLines = summary.lines - summary.eventLines - summary.continuationLines - summary.structuralLines
        summary.clockEnd = records.map(\.time).filter { $0.clock != .unknown }.max()
        summary.bytes = reader.bytesConsumed
        return summary
    }

    /// Whether the first bytes hold an exit-info record (and are not a bugreport, whose
    /// exit-info section the logcat reader finds on its own).
    static func isExitInfo(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.contains("ApplicationExitInfo #", in: head) && !ByteSearch.contains("== dumpstate", in: head)
    }
}
