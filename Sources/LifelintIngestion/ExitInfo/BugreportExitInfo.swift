@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The exit-info section of an `adb bugreport` (`dumpsys activity exit-info`, after the logs):
/// Android's own record of deaths the logcat may not show, because its buffer had already
/// rotated or the kill was silent.
///
/// The section comes after the logcat, so its deaths are known only at the end. A record
/// becomes a `process.died` then, when the logcat did not report that death itself (one death
/// per process), and when it is not older than anything the logcat showed of the app: a death
/// after the app's last line ends that incarnation in order; an older one is history the log
/// has already moved past, and is left out, as is a record older than the logcat's first event
/// (`docs/decisions/0018-os-evidence.md`).
struct BugreportExitInfo {
    private var parser = ExitInfoParser()
    private(set) var recordLines = 0

    /// Reads a line of a bugreport's non-log sections; cheap for the lines that cannot be exit-info.
    mutating func feed(_ line: Span<UInt8>, number: Int) {
        let start = line.firstIndex { $0 != .space && $0 != .tab } ?? line.count
        guard start < line.count else {
            parser.feed("", line: number)
            return
        }
        let first = line[start]
        guard parser.isInRecord || first == UInt8(ascii: "A") || first == UInt8(ascii: "p") else { return }
        if parser.feed(Substring(line.text), line: number) { recordLines += 1 }
    }

    /// The deaths to add, in time order: none before `firstSeen`, the logcat's first event
    /// (history the log does not cover); `isReported(pid)` says whether the logcat reported
    /// that pid's death; `lastSeen(app)` is the time of the app's last event in the logcat.
    mutating func deaths(path: String, since firstSeen: Int64, isReported: (Int32) -> Bool, lastSeen: (String) -> Int64?) -> [Event] {
        parser.finish().sorted(by: ExitInfoRecord.inTimeOrder).compactMap { record in
            guard let pid = record.pid, !isReported(pid), record.time.clock != .unknown, record.time.nanoseconds >= firstSeen else { return nil }
            let event = record.event(path: path)
            if let last = lastSeen(event.app), last > event.time.nanoseconds { return nil }
            return event
        }
    }
}
