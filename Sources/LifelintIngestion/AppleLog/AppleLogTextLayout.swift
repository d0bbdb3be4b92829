@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The text shapes an Apple log takes when people paste it (docs/formats.md §10):
///
/// - `logShow`: `log show` / `log stream` default style, `2023-03-01 10:12:13.123456-0800  0x1a2b
///   Default  0x0  123  0  runningboardd: (RunningBoardServices) [com.apple.runningboard:process] message`;
/// - `compact`: `--style compact`, `2023-03-01 10:12:13.123 Df runningboardd[33:1a2b] [sub:cat] message`;
/// - `syslog`: `--style syslog` (`2023-03-01 10:12:13.123456-0800  localhost runningboardd[33]: (Sender)
///   [sub:cat] message`) and the device syslog relayed by `idevicesyslog` or Xcode's device window
///   (`Mar  3 08:15:02 iPhone runningboardd(RunningBoard)[33] <Notice>: message`);
/// - `console`: Console.app copies, TAB-separated type, time, process, [subsystem, [category,]]
///   message, or the same with the TABs turned into spaces;
/// - `xcode`: Xcode's console and NSLog, `2024-05-02 09:41:07.123456-0700 Notes[812:33019] message`,
///   and the bare `flutter: …` lines of `flutter run` and Xcode's default console.
public enum AppleLogTextLayout: String, CaseIterable, Sendable {
    case logShow = "log-show"
    case compact = "log-show-compact"
    case syslog
    case console
    case xcode

    static let sampleLines = 2_000

    /// Reads a line, after what people and tools put in front of it (`AppleLogLinePrefix`);
    /// the record's ranges are into `line` itself.
    func parse(_ line: Span<UInt8>) -> AppleLogRecord? {
        let start = AppleLogLinePrefix.length(line)
        guard start > 0 else { return parseBare(line) }
        guard start < line.count, var record = parseBare(line.extracting(start...)) else { return nil }
        record.shift(by: start)
        return record
    }

    private func parseBare(_ line: Span<UInt8>) -> AppleLogRecord? {
        var cursor = ByteCursor(line)
        switch self {
        case .logShow: return AppleLogLineParser.logShow(&cursor)
        case .compact: return AppleLogLineParser.compact(&cursor)
        case .syslog: return AppleLogLineParser.syslog(&cursor) ?? AppleLogLineParser.deviceSyslog(&cursor)
        case .console: return AppleLogLineParser.console(&cursor)
        case .xcode: return AppleLogLineParser.xcode(&cursor)
        }
    }

    /// The layout that reads the most of the sample's lines, when one reads any; nil otherwise.
    static func detect(_ sample: Span<UInt8>) -> (layout: AppleLogTextLayout, lines: Int, sampled: Int)? {
        var scores = [Int](repeating: 0, count: allCases.count)
        var sampled = 0
        ByteSearch.forEachLine(in: sample) { line in
            guard sampled < sampleLines, !isStructural(line), !AppleLogLinePrefix.isToolEcho(line) else { return }
            sampled += 1
            for (index, layout) in allCases.enumerated() where layout.parse(line) != nil { scores[index] += 1 }
        }
        // Ties go to the earlier, stricter layout (an Xcode line's process may hold spaces, so
        // it also reads `localhost Runner[31898]:` lines that are syslog's).
        var best = 0
        for index in scores.indices where scores[index] > scores[best] { best = index }
        guard scores[best] > 0 else { return nil }
        return (allCases[best], scores[best], sampled)
    }

    /// Blank lines and what `log show` prints around its records: the column header, the filter
    /// and skip notices, the closing counts.
    static func isStructural(_ line: Span<UInt8>) -> Bool {
        guard let first = line.firstIndex(where: { $0 != .space && $0 != .tab && $0 != .carriageReturn }) else { return true }
        let text = line.extracting(first...)
        return structuralOpenings.contains { text.starts(with: $0) }
    }

    private static let structuralOpenings: [[UInt8]] = [
        "Timestamp ", "Filtering the log data", "Skipping info and debug", "Log      - ", "----", "Activity        - ",
        "Ttl             - ", "Fault           - ", "Error           - ",
    ].map { Array($0.utf8) }
}
