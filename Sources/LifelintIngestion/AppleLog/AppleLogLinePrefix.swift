@_spi(Bytes) import LifelintBytes
import LifelintModel

/// What comes before an Apple log line when it reaches lifelint: a GitHub quote (`> `) or
/// inline code's backtick, `flutter run --verbose`'s timing column and device marker
/// (`[ +655 ms] [DEVICE LOG] `), and Appium's relay of the device or simulator log
/// (`[IOSSimulatorLog] [IOS_SYSLOG_ROW] `, `2015-06-19 20:34:05:820 - info: [IOS_SYSLOG_ROW ] `).
enum AppleLogLinePrefix {
    /// How many bytes of `line` are prefix.
    static func length(_ line: Span<UInt8>) -> Int {
        var index = 0
        while index < line.count, line[index] == .greaterThan || line[index] == .backtick {
            index += 1
            while index < line.count, line[index] == .space { index += 1 }
        }
        if let relay = appiumRelay(line, from: index) { return relay }
        if index < line.count, line[index] == .openBracket, let close = toolTiming(line, from: index) {
            index = close
            while index < line.count, line[index] == .space { index += 1 }
            let marker = "[DEVICE LOG] ".utf8
            if line.extracting(index...).starts(with: marker) { index += marker.count }
        }
        return index
    }

    /// Whether `line` is `flutter run`'s own echo of the app's output (`[        ] flutter: …`),
    /// which repeats the device log line before it.
    static func isToolEcho(_ line: Span<UInt8>) -> Bool {
        guard line.first == .openBracket, let close = toolTiming(line, from: 0) else { return false }
        let text = line.extracting(close...)
        return !text.extracting(text.prefixCount { $0 == .space }...).starts(with: "[DEVICE LOG] ".utf8)
    }

    /// After Appium's `[IOS_SYSLOG_ROW]` marker (in its first 80 bytes), where the relayed line starts.
    private static func appiumRelay(_ line: Span<UInt8>, from start: Int) -> Int? {
        let head = line.extracting(start..<min(line.count, start + 80))
        guard let marker = ByteSearch.firstIndex(of: "[IOS_SYSLOG_ROW", in: head, from: 0),
            let close = head.firstIndex(of: .closeBracket, in: marker...)
        else { return nil }
        var index = start + close + 1
        while index < line.count, line[index] == .space { index += 1 }
        return index
    }

    /// `[ +655 ms]`, `[+172460 ms]` or `[        ]` at `start`: the index after its `]`.
    private static func toolTiming(_ line: Span<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < line.count, line[index] == .space || line[index] == .plus || line[index].isASCIIDigit { index += 1 }
        if index + 1 < line.count, line[index] == UInt8(ascii: "m"), line[index + 1] == UInt8(ascii: "s") { index += 2 }
        guard index < line.count, line[index] == .closeBracket, index - start < 16 else { return nil }
        return index + 1
    }
}
