import LifelintModel

/// Identifies a trace's container from its first bytes, never from its file name.
enum ContainerDetector {
    enum Container: Equatable {
        case logcat
        case lifelintJSON
        case chromeTrace
        case appleLog
        case metricKit
        case xmlPlist
        case binaryPlist
        /// An Apple crash, termination or JetsamEvent report (text or `.ips`).
        case appleReport
        /// `dumpsys activity exit-info` records.
        case exitInfo
        /// systrace / atrace text (`# tracer: nop`).
        case atraceText
        /// An Apple log as text: `log show`, Console.app, Xcode's console.
        case appleLogText(AppleLogTextLayout)
        /// JSON, but in no shape lifelint reads.
        case unknownJSON
        /// A report (lifelint's own, a SARIF file): what a run writes, not a trace.
        case report(String)

        /// The container `--input-format` names.
        init(forced format: InputFormat) {
            switch format {
            case .logcat: self = .logcat
            case let .appleLog(layout): self = .appleLogText(layout)
            case .appleReport: self = .appleReport
            case .exitInfo: self = .exitInfo
            }
        }
    }

    static func detect(_ head: [UInt8]) -> Container {
        head.withUnsafeBufferPointer { bytes in
            if bytes.starts(with: "bplist00".utf8) { return .binaryPlist }
            if let report = ContentSketch.report(bytes) { return .report(report) }
            let text = UnsafeBufferPointer(rebasing: bytes[firstNonBlank(bytes)...])
            if AppleReportReader.isReport(text) { return .appleReport }
            if ExitInfoReader.isExitInfo(text) { return .exitInfo }
            if text.first == UInt8(ascii: "<") {
                if ByteSearch.contains("<plist", in: text) || ByteSearch.contains("PropertyList", in: text) { return .xmlPlist }
                return appleLogLayout(text).map(Container.appleLogText) ?? .logcat
            }
            let startsAsJSON = opensJSON(text) && !startsWithLogcatLongHeader(text) && AppleLogLinePrefix.length(text) == 0
            if ByteSearch.contains("\"eventMessage\"", in: bytes) || ByteSearch.contains("\"machTimestamp\"", in: bytes) {
                return startsAsJSON || containsJSONLine(bytes) ? .appleLog : .logcat
            }
            guard startsAsJSON else {
                // A Chrome JSON may embed atrace text (`systemTraceEvents`): only text is atrace.
                if AtraceTextReader.isAtrace(text) { return .atraceText }
                return appleLogLayout(text).map(Container.appleLogText) ?? .logcat
            }
            if ByteSearch.contains("\"applicationExitMetrics\"", in: bytes) || ByteSearch.contains("\"timeStampBegin\"", in: bytes) {
                return .metricKit
            }
            if ByteSearch.contains("\"traceEvents\"", in: bytes) || (ByteSearch.contains("\"ph\"", in: bytes) && ByteSearch.contains("\"ts\"", in: bytes)) {
                return .chromeTrace
            }
            if ByteSearch.contains("\"event\"", in: bytes) || ByteSearch.contains("\"events\"", in: bytes) { return .lifelintJSON }
            return .unknownJSON
        }
    }

    /// The Apple log layout of a text, when one reads most of its lines, or some of them and
    /// logcat none (an Xcode console where most lines are the app's bare `print` output).
    private static func appleLogLayout(_ text: UnsafeBufferPointer<UInt8>) -> AppleLogTextLayout? {
        guard let found = AppleLogTextLayout.detect(text) else { return nil }
        if found.lines * 2 >= found.sampled { return found.layout }
        return LogcatFormatDetector.detect(text).format == nil ? found.layout : nil
    }

    /// Whether the document is an object holding its records under `key` (`{"traceEvents": [...]}`)
    /// rather than a sequence of records: the key is followed by an array.
    static func wrapsRecords(under key: String, in head: [UInt8]) -> Bool {
        let needle = Array("\"\(key)\"".utf8)
        return head.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                var start = 0
                while let found = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
                    var index = found + needle.count
                    index += firstNonBlank(UnsafeBufferPointer(rebasing: bytes[index...]))
                    if index < bytes.count, bytes[index] == .colon {
                        index += 1
                        index += firstNonBlank(UnsafeBufferPointer(rebasing: bytes[index...]))
                        if index < bytes.count, bytes[index] == .openBracket { return true }
                    }
                    start = found + 1
                }
                return false
            }
        }
    }

    /// `[ 01-08 08:45:42.977  1234: 1250 I/Tag ]` opens `logcat -v long`, not a JSON array.
    private static func startsWithLogcatLongHeader(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = text.firstIndex(of: .newline) ?? text.count
        if end > 0, text[end - 1] == .carriageReturn { end -= 1 }
        return LogcatLineParser.parse(UnsafeBufferPointer(rebasing: text[..<end]), as: .long) != nil
    }

    /// Whether text opens a JSON document: `{` or `[` followed by what a JSON value or member
    /// starts with. A console line that opens with a bracket (`[log] …`, Flutter's `[  +12 ms]
    /// …`, `[perfNotifyAppState] …`) is text.
    private static func opensJSON(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{") || text.first == .openBracket else { return false }
        let rest = UnsafeBufferPointer(rebasing: text[1...])
        let start = firstNonBlank(rest)
        guard start < rest.count else { return true }
        let value = UnsafeBufferPointer(rebasing: rest[start...])
        switch value[0] {
        case UInt8(ascii: "{"), .openBracket, UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "-"): return true
        case UInt8(ascii: "t"): return value.starts(with: "true".utf8)
        case UInt8(ascii: "f"): return value.starts(with: "false".utf8)
        case UInt8(ascii: "n"): return value.starts(with: "null".utf8)
        default: return value[0].isASCIIDigit
        }
    }

    private static func firstNonBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.firstIndex { $0 != .space && $0 != .tab && $0 != .newline && $0 != .carriageReturn } ?? bytes.count
    }

    /// The most lines `log show` writes before its JSON (`Filtering the log data using …`,
    /// `Skipping info and debug messages…`). A document that opens JSON only further down
    /// (Markdown or prose quoting a record) is not a JSON log.
    static let jsonPreambleLines = 8

    /// A line that opens a JSON value, after a text preamble of at most `jsonPreambleLines`.
    private static func containsJSONLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = true
        var lines = 0
        for byte in bytes {
            if lineStart && (byte == UInt8(ascii: "{") || byte == .openBracket) { return true }
            lineStart = byte == .newline
            if lineStart {
                lines += 1
                if lines > jsonPreambleLines { return false }
            }
        }
        return false
    }
}
