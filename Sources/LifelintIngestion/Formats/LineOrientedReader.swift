@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A reader of a line-oriented format, fed by `readLines(from:emit:)`: the one place where
/// lines are counted, a line's `\r` is dropped, a read failure is reported (what was read
/// before it is still analysed), and the bytes read and lines cut are recorded.
protocol LineOrientedReader {
    var summary: IngestionSummary { get set }
    /// One line, already counted in `summary.lines`, without its line ending.
    mutating func read(line: Span<UInt8>, emit: EventSink)
    /// After the last line: what is still held goes out.
    mutating func finish(emit: EventSink)
}

extension LineOrientedReader {
    mutating func readLines(from lines: ByteLineReader, emit: EventSink) {
        do {
            try lines.forEachLine { raw in
                summary.lines += 1
                read(line: raw.droppingCarriageReturn(), emit: emit)
            }
        } catch {
            summary.reportReadFailure(error)
        }
        finish(emit: emit)
        summary.noteRead(lines)
    }
}

extension IngestionSummary {
    /// Reading stopped before the line after the last one counted.
    mutating func reportReadFailure(_ failure: ReadBuffer.Failure) {
        report(IngestionProblem(location: SourceLocation(path: path, line: lines + 1), message: "read failed: \(failure.message)"))
    }

    /// The bytes a line reader consumed and the lines it cut.
    mutating func noteRead(_ lines: ByteLineReader) {
        truncatedLines = lines.truncatedLines
        bytes = lines.bytesConsumed
    }
}
