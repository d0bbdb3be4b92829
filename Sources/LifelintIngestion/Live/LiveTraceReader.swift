@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A live stream read line by line as it arrives (`lifelint watch`): logcat, or an Apple log
/// as `log stream` and `xcrun simctl spawn booted log stream` print it. Its container and layout
/// come from its first lines that read as either, then every line goes through that reader as it
/// comes. A live stream starts mid-session: `seed(processes:)` names the pids already running.
public struct LiveTraceReader {
    private enum Started {
        case logcat(LogcatTextReader)
        case appleLog(AppleLogTextReader)
    }

    /// Lines kept while the container is not yet known.
    private var opening: [[UInt8]] = []
    private var reader: Started?
    private let path: String
    private let year: YearInference
    private let mappings: [LineMapping]
    private var seeded: [(pid: Int32, process: String)] = []
    private var lines = 0
    /// Lines read without finding a container before the stream is called neither.
    static let detectionLines = 200

    public init(path: String, options: TraceReadOptions, year: Int) {
        self.path = path
        self.year = YearInference(baseYear: options.year ?? year)
        mappings = options.mappings
    }

    /// What has been read so far.
    public var summary: IngestionSummary {
        switch reader {
        case .logcat(let logcat): logcat.summary
        case .appleLog(let apple): apple.summary
        case nil: IngestionSummary(path: path, format: "logcat")
        }
    }

    /// Names the pids already running (`ps -A -o PID,NAME`), before any line: a logcat's.
    public mutating func seed(processes: [(pid: Int32, process: String)]) {
        seeded += processes
        if case .logcat(var logcat) = reader {
            logcat.seed(processes)
            reader = .logcat(logcat)
        }
    }

    public mutating func read(line: Span<UInt8>, emit: EventSink) throws(IngestionError) {
        lines += 1
        switch reader {
        case .logcat(var logcat):
            reader = nil
            logcat.read(line: line, number: lines, emit: emit)
            reader = .logcat(logcat)
        case .appleLog(var apple):
            reader = nil
            apple.summary.lines = lines
            apple.read(line: line, emit: emit)
            reader = .appleLog(apple)
        case nil:
            opening.append(line.array)
            guard let started = detect() else {
                guard lines < Self.detectionLines else {
                    throw .unrecognisedFormat(path: path, line: 1, reason: "no line of the first \(lines) reads as logcat or as an Apple log")
                }
                return
            }
            reader = started
            let kept = opening
            opening = []
            lines = 0
            for line in kept { try read(line: line.span, emit: emit) }
        }
    }

    /// The reader the opening lines call for: logcat when they read as logcat, else an Apple
    /// log layout that reads any of them.
    private func detect() -> Started? {
        var sample: [UInt8] = []
        for kept in opening { sample += kept + [.newline] }
        let detection = LogcatLayoutDetector.detect(sample.span)
        if detection.format != nil, !detection.isBareReport {
            var logcat = LogcatTextReader(path: path, detected: detection, year: year, mappings: mappings)
            logcat.seed(seeded)
            return .logcat(logcat)
        }
        guard let apple = AppleLogTextLayout.detect(sample.span) else { return nil }
        let now = Int64(time(nil))
        var reader = AppleLogTextReader(path: path, layout: apple.layout, year: year, savedAt: now, savedTimeSource: .currentTime, mappings: mappings)
        reader.readsRecordsAtOnce = true
        return .appleLog(reader)
    }

    /// The stream ended: what the reader holds goes out; a stream none of whose lines read as
    /// logcat or an Apple log is an error.
    public mutating func finish(emit: EventSink) throws(IngestionError) {
        switch reader {
        case .logcat(var logcat):
            logcat.finish(emit: emit)
            reader = .logcat(logcat)
        case .appleLog(var apple):
            apple.finish(emit: emit)
            reader = .appleLog(apple)
        case nil:
            guard opening.contains(where: { $0.contains { $0 != .space && $0 != .tab && $0 != .carriageReturn } }) else { return }
            throw .unrecognisedFormat(path: path, line: 1, reason: "no line of the \(lines) read as logcat or as an Apple log")
        }
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
