/// The text of an atrace marker (`tracing_mark_write`, or ftrace's `print` in a Perfetto trace),
/// as far as lifelint reads it: slices, instants, and lmkd's kills (docs/formats.md §17).
enum AtraceMarkerText {
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
