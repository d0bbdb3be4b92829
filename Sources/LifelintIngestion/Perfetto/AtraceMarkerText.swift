@_spi(Bytes) import LifelintBytes

/// The text of an atrace marker (`tracing_mark_write`, or ftrace's `print` in a Perfetto trace),
/// as far as lifelint reads it: slices, instants, and lmkd's kills (docs/formats.md §17).
enum AtraceMarkerText {
    /// The marker's kind and the pid it names, read from its bytes: a trace holds a begin and an
    /// end for every slice any process writes, and most are read without making a string. A
    /// marker in another form than `B|pid|name`, `E|pid`, `I|pid|name` or a counter with an ASCII
    /// text, or lmkd's, is read as text (`parse(_:)`), where a character and a byte may differ.
    static func parse(bytes: Span<UInt8>) -> (PerfettoMarker.Kind, Int32?)? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == .newline { end -= 1 }
        guard end >= 3, bytes[1] == UInt8(ascii: "|"), let digits = Self.asciiDigitsEnd(bytes, from: 2, to: end), digits > 2,
            let pid = Self.pid(bytes.extracting(2..<digits))
        else { return parse(Substring(bytes.text)) }
        let name = digits < end ? bytes.extracting(digits + 1..<end) : bytes.extracting(end..<end)
        switch bytes[0] {
        case UInt8(ascii: "E"): return (.end, pid)
        case UInt8(ascii: "B") where !name.starts(with: "lmk,"):
            let kept = FrameworkSlices.isFrameworkSlice(bytes: name) || name.starts(with: "lifelint:")
            return (.begin(kept ? name.text : ""), pid)
        case UInt8(ascii: "I"): return name.starts(with: "lifelint:") ? (.instant(name.text), pid) : nil
        case UInt8(ascii: "C") where !name.starts(with: "kill_one_process|"), UInt8(ascii: "N") where !name.starts(with: "lowmemorykiller|"): return nil
        case UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "N"): return parse(Substring(bytes.text))
        default: return nil
        }
    }

    /// Where the pid's digits end (at a `|` or the text's end), when the text is ASCII without a
    /// carriage return, so that its bytes read as its characters do; nil otherwise.
    private static func asciiDigitsEnd(_ bytes: Span<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end, bytes[index].isASCIIDigit { index += 1 }
        guard index == end || bytes[index] == UInt8(ascii: "|") else { return nil }
        for position in 0..<bytes.count where bytes[position] >= 0x80 || bytes[position] == .carriageReturn { return nil }
        return index
    }

    /// The pid of ASCII digits; nil past `Int32.max`, which the text reading reads as none.
    private static func pid(_ digits: Span<UInt8>) -> Int32? {
        var value: Int32 = 0
        for index in 0..<digits.count {
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = shifted.addingReportingOverflow(Int32(digits[index] - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            value = sum
        }
        return value
    }

    /// The marker's kind and the pid it names, nil for markers lifelint does not read.
    static func parse(_ text: Substring) -> (PerfettoMarker.Kind, Int32?)? {
        var text = text
        while text.last == "\n" { text.removeLast() }
        let parts = text.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        let pid = parts.count > 1 ? Int32(parts[1]) : nil
        let name = parts.count > 2 ? parts[2] : ""
        switch parts.first {
        case "B":
            if let killed = lmkdKill(name) { return (.lowMemoryKill, killed) }
            // Other slices' names are not kept: only their nesting matters.
            let kept = FrameworkSlices.isFrameworkSlice(name) || name.hasPrefix("lifelint:")
            return (.begin(kept ? String(name) : ""), pid)
        case "E": return (.end, pid)
        case "I": return name.hasPrefix("lifelint:") ? (.instant(String(name)), pid) : nil
        case "N":
            guard name.hasPrefix("lowmemorykiller|"), let killed = lmkdKill(name.dropFirst("lowmemorykiller|".count)) else { return nil }
            return (.lowMemoryKill, killed)
        case "C":
            guard name.hasPrefix("kill_one_process|"), let killed = Int32(name.dropFirst("kill_one_process|".count)), killed > 0 else { return nil }
            return (.lowMemoryKill, killed)
        default: return nil
        }
    }

    /// `lmk,<pid>,<reason>,<adj>`: the pid lmkd killed.
    private static func lmkdKill(_ name: Substring) -> Int32? {
        guard name.hasPrefix("lmk,") else { return nil }
        return name.dropFirst(4).split(separator: ",", maxSplits: 1).first.flatMap { Int32($0) }
    }
}
