@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A logcat stream read line by line as it arrives (`lifelint watch`): its layout from its first
/// lines that read as logcat, then every line through the logcat reader as it comes. A live
/// stream starts mid-session: `seed(processes:)` names the pids already running.
public struct LiveLogcatReader {
    /// Lines kept while the layout is not yet known.
    private var opening: [[UInt8]] = []
    private var reader: LogcatTextReader?
    private let path: String
    private let year: YearInference
    private let mappings: [LineMapping]
    private var seeded: [(pid: Int32, process: String)] = []
    private var lines = 0
    /// Lines read without finding a layout before the stream is called not logcat.
    static let detectionLines = 200

    public init(path: String, options: TraceReadOptions, year: Int) {
        self.path = path
        self.year = YearInference(baseYear: options.year ?? year)
        mappings = options.mappings
    }

    /// What has been read so far.
    public var summary: IngestionSummary { reader?.summary ?? IngestionSummary(path: path, format: "logcat") }

    /// Names the pids already running (`ps -A -o PID,NAME`), before any line.
    public mutating func seed(processes: [(pid: Int32, process: String)]) {
        seeded += processes
        reader?.seed(processes)
    }

    public mutating func read(line: Span<UInt8>, emit: EventSink) throws(IngestionError) {
        lines += 1
        if reader != nil {
            reader!.read(line: line, number: lines, emit: emit)
            return
        }
        opening.append(line.array)
        var sample: [UInt8] = []
        for kept in opening { sample += kept + [.newline] }
        let detection = LogcatLayoutDetector.detect(sample.span)
        guard detection.format != nil, !detection.isBareReport else {
            guard lines < Self.detectionLines else {
                throw .unrecognisedFormat(path: path, line: 1, reason: "no line of the first \(lines) reads as logcat")
            }
            return
        }
        var started = LogcatTextReader(path: path, detected: detection, year: year, mappings: mappings)
        started.seed(seeded)
        for (index, kept) in opening.enumerated() { started.read(line: kept.span, number: index + 1, emit: emit) }
        opening = []
        reader = started
    }

    /// The stream ended: what the reader holds goes out; a stream none of whose lines read as
    /// logcat is an error.
    public mutating func finish(emit: EventSink) throws(IngestionError) {
        if reader != nil {
            reader!.finish(emit: emit)
            return
        }
        guard opening.contains(where: { $0.contains { $0 != .space && $0 != .tab && $0 != .carriageReturn } }) else { return }
        throw .unrecognisedFormat(path: path, line: 1, reason: "no line of the \(lines) read as logcat")
    }

    /// The pids and names of `ps` output (`adb shell ps -A -o PID,NAME`, or `ps -A` with its
    /// header): the `PID` column and the last one, `NAME`.
    public static func processes(inPSOutput text: String) -> [(pid: Int32, process: String)] {
        var rows = text.split(whereSeparator: \.isNewline).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        var pidColumn = 0
        if let header = rows.first, let column = header.firstIndex(of: "PID") {
            pidColumn = column
            rows.removeFirst()
        }
        return rows.compactMap { row in
            guard row.count > pidColumn + 1, let pid = Int32(row[pidColumn]) else { return nil }
            return (pid, String(row[row.count - 1]))
        }
    }
}
