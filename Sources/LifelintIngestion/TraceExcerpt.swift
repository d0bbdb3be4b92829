@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Chosen lines of a trace, read again after the analysis so a report can quote what it cites
/// (the HTML post-mortem page stands on its own, without the trace). Lines are counted as the
/// readers count them (physical lines of the decompressed text; a zip is read through the same
/// main entry); a line is cut at `maximumLineLength` characters, and a line that is not text
/// (a binary plist) is left out. Standard input cannot be read twice: nothing.
public enum TraceExcerpt {
    public static let maximumLineLength = 300

    /// The text of each line in `wanted` that the trace at `path` has.
    public static func lines(_ wanted: Set<Int>, of path: String) -> [Int: String] {
        guard !wanted.isEmpty, path != TraceInput.standardInputName, let last = wanted.max() else { return [:] }
        let file = path.firstIndex(of: "!").map { String(path[..<$0]) } ?? path
        guard let input = try? TraceInput(path: file) else { return [:] }
        let reader = ByteLineReader(source: input.byteSource)
        var found: [Int: String] = [:]
        var number = 0
        try? reader.forEachLine { bytes in
            number += 1
            guard number <= last, wanted.contains(number) else { return }
            let line = bytes.droppingCarriageReturn()
            guard !line.contains(0), let text = String(validating: line.array, as: UTF8.self) else { return }
            found[number] = text.count > maximumLineLength ? String(text.prefix(maximumLineLength)) + "…" : text
        }
        return found
    }
}
