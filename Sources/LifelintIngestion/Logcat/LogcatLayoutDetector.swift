@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Detects a file's logcat layout from its first lines: every layout is tried on a sample and
/// the one that reads the most lines wins (ties go to the more specific layout).
enum LogcatLayoutDetector {
    static let sampleLines = 4_000

    struct Detection {
        /// Nil when no layout reads any line of the sample: the file is not logcat.
        var format: LogcatLayout?
        var modifiers: LogcatModifiers
        /// Every line starts with the line number `grep -n` adds.
        var hasLineNumbers = false
        /// No layout reads the lines, but some carry the system's own messages, bare or after a
        /// prefix (`ANR in com.app`, `ActivityManager: Start proc …`, `FATAL EXCEPTION: main`):
        /// read as `raw` lines, each message found where it starts.
        var isBareReport = false

        /// How the summary names it: `logcat threadtime+uid`, `logcat raw (bare report)`.
        var description: String {
            guard let format else { return "logcat" }
            let name = (["logcat " + format.rawValue] + modifiers.names + (hasLineNumbers ? ["grep-n"] : [])).joined(separator: "+")
            return isBareReport ? name + " (system messages read after any prefix)" : name
        }
    }

    /// The layout of a file's first lines; failing that, the same lines with `grep -n` line
    /// numbers taken off; failing that, a bare report of the system's.
    static func detect(_ sample: Span<UInt8>) -> Detection {
        let plain = detect(sample, stripLineNumbers: false)
        if plain.format != nil { return plain }
        var numbered = detect(sample, stripLineNumbers: true)
        if numbered.format != nil {
            numbered.hasLineNumbers = true
            return numbered
        }
        return isBareReport(sample) ? Detection(format: .raw, modifiers: [], isBareReport: true) : plain
    }

    /// Whether some line of the first 64 KiB carries a catalogued system message, at its
    /// start or after a prefix no layout reads (a tag alone, DDMS's, a crash reporter's
    /// console): such a file is read as the system's words, however it was pasted.
    private static func isBareReport(_ sample: Span<UInt8>) -> Bool {
        var found = false
        ByteSearch.forEachLine(in: sample.extracting(..<min(sample.count, 65_536))) { line in
            if !found { found = LogcatEventRecognizer.catalogue.carriesMessage(line) }
        }
        return found
    }

    private static func detect(_ sample: Span<UInt8>, stripLineNumbers: Bool) -> Detection {
        // By position in `detectionOrder`: this runs for every line sampled.
        let formats = LogcatLayout.detectionOrder
        var scores = [Int](repeating: 0, count: formats.count)
        var modifiers = [LogcatModifiers](repeating: [], count: formats.count)
        var longScore = 0
        var inLongEntry = false
        var seen = 0
        var sawColor = false
        ByteSearch.forEachLine(in: sample) { raw in
            guard seen < sampleLines else { return }
            LogcatLineCleaner.withCleanLine(raw, stripQuotes: true, stripLineNumbers: stripLineNumbers) { line, hadColor in
                sawColor = sawColor || hadColor
                if LogcatLineCleaner.isBlank(line) {
                    inLongEntry = false
                    return
                }
                if LogcatLineCleaner.isStructural(line) { return }
                seen += 1
                if LogcatLineParser.parse(line, as: .long) != nil {
                    inLongEntry = true
                    longScore += 1
                } else if inLongEntry {
                    longScore += 1
                }
                for (position, format) in formats.enumerated() {
                    if let record = LogcatLineParser.parse(line, as: format) {
                        scores[position] += 1
                        modifiers[position].formUnion(record.modifiers)
                    }
                }
            }
        }
        var best = Detection(format: nil, modifiers: [])
        var bestScore = 0
        for (position, format) in formats.enumerated() where scores[position] > bestScore {
            best = Detection(format: format, modifiers: modifiers[position])
            bestScore = scores[position]
        }
        if longScore > bestScore { best = Detection(format: .long, modifiers: []) }
        if sawColor { best.modifiers.insert(.color) }
        return best
    }
}
