import LifelintModel

/// What comes before an Apple log line when it reaches lifelint: a GitHub quote (`> `), and
/// `flutter run --verbose`'s timing column and device marker (`[ +655 ms] [DEVICE LOG] `).
enum AppleLogLinePrefix {
    /// How many bytes of `line` are prefix.
    static func length(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < line.count, line[index] == .greaterThan {
            index += 1
            while index < line.count, line[index] == .space { index += 1 }
        }
        if index < line.count, line[index] == .openBracket, let close = toolTiming(line, from: index) {
            index = close
            while index < line.count, line[index] == .space { index += 1 }
            let marker = "[DEVICE LOG] ".utf8
            if UnsafeBufferPointer(rebasing: line[index...]).starts(with: marker) { index += marker.count }
        }
        return index
    }

    /// Whether `line` is `flutter run`'s own echo of the app's output (`[        ] flutter: …`),
    /// which repeats the device log line before it.
    static func isToolEcho(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.first == .openBracket, let close = toolTiming(line, from: 0) else { return false }
        return !UnsafeBufferPointer(rebasing: line[close...]).drop { $0 == .space }.starts(with: "[DEVICE LOG] ".utf8)
    }

    /// `[ +655 ms]`, `[+172460 ms]` or `[        ]` at `start`: the index after its `]`.
    private static func toolTiming(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < line.count, line[index] == .space || line[index] == .plus || line[index].isASCIIDigit { index += 1 }
        if index + 1 < line.count, line[index] == UInt8(ascii: "m"), line[index + 1] == UInt8(ascii: "s") { index += 2 }
        guard index < line.count, line[index] == .closeBracket, index - start < 16 else { return nil }
        return index + 1
    }
}
