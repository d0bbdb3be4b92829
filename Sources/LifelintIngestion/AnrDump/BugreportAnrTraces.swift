@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The `VM TRACES AT LAST ANR` section of a bugreport's main text: the last ANR's thread dump,
/// as `/data/anr` holds it (docs/formats.md §18), for a bugreport read without its zip. `VM
/// TRACES JUST NOW` is dumpstate's own snapshot of every process, not an ANR, and is not read.
///
/// The section comes after the logs, so its events are added at the end, as the exit-info
/// section's deaths are; the same dump read from the zip's `FS/data/anr/` is the same incident.
struct BugreportAnrTraces {
    static let header = "------ VM TRACES AT LAST ANR"
    /// The dump's bytes, and the line of the file its first line is.
    private var text: [UInt8] = []
    private var firstLine = 0
    private(set) var isCollecting = false
    private(set) var collectedLines = 0

    /// A section header or closing line: the section starts at the line after a header of this
    /// section, and ends at any other.
    mutating func noteSection(_ line: Span<UInt8>, number: Int) {
        guard line.starts(with: Self.header.utf8), text.isEmpty else {
            isCollecting = false
            return
        }
        isCollecting = true
        firstLine = number + 1
    }

    mutating func feed(_ line: Span<UInt8>) {
        guard text.count < AnrDumpFormat.maximumSize else { return }
        text.append(line)
        text.append(.newline)
        collectedLines += 1
    }

    /// The dump's events, on the file's lines and its logcat's local clock.
    func events(path: String) -> [Event] {
        guard !text.isEmpty else { return [] }
        var events: [Event] = []
        _ = AnrDumpFormat.read(text, path: path) { events.append($0) }
        return events.map { event in
            var event = event.onLocalClock
            event.source.line += firstLine - 1
            return event
        }
    }
}
