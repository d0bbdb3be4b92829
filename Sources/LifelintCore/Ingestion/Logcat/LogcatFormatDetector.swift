/// Detects a file's logcat layout from its first lines: every layout is tried on a sample and
/// the one that reads the most lines wins (ties go to the more specific layout).
enum LogcatFormatDetector {
    static let sampleLines = 4_000

    struct Detection {
        /// Nil when no layout reads any line of the sample: the file is not logcat.
        var format: LogcatFormat?
        var modifiers: LogcatModifiers
    }

    static func detect(_ sample: UnsafeBufferPointer<UInt8>) -> Detection {
        var scores = [LogcatFormat: Int]()
        var modifiers = [LogcatFormat: LogcatModifiers]()
        var longScore = 0
        var inLongEntry = false
        var seen = 0
        var sawColor = false
        forEachLine(in: sample) { raw in
            guard seen < sampleLines else { return }
            LogcatLineCleaner.withCleanLine(raw, stripQuotes: true) { line, hadColor in
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
                for format in LogcatFormat.detectionOrder {
                    if let record = LogcatLineParser.parse(line, as: format) {
                        scores[format, default: 0] += 1
                        modifiers[format, default: []].formUnion(record.modifiers)
                    }
                }
            }
        }
        var best = Detection(format: nil, modifiers: [])
        var bestScore = 0
        for format in LogcatFormat.detectionOrder where scores[format, default: 0] > bestScore {
            best = Detection(format: format, modifiers: modifiers[format] ?? [])
            bestScore = scores[format]!
        }
        if longScore > bestScore { best = Detection(format: .long, modifiers: []) }
        if sawColor { best.modifiers.insert(.color) }
        return best
    }

    private static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        for index in 0..<bytes.count where bytes[index] == .newline {
            body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
        }
        if start < bytes.count { body(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }
}
