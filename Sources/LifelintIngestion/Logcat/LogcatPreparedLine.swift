@_spi(Bytes) import LifelintBytes

/// What a logcat line is, worked out without the reader's state: its cleaned extent, whether it
/// is blank or structural, its parsed record and the recognizer's interest in it. Lines are
/// prepared ahead on other cores (`LogcatParallelReading`) and read in order by the one reader,
/// which then skips the work; a reader on its own works each out as it reads the line. Trivially
/// copied: an interest beyond `.nothing` (which may hold strings) waits in its block's table.
struct LogcatPreparedLine {
    /// No record, so no interest.
    static let noInterest: Int32 = -1
    /// `.nothing`, the interest of most lines.
    static let nothing: Int32 = -2

    /// The cleaned line within the raw one (`LogcatLineCleaner`); nil when cleaning removed
    /// escape sequences, so the reader cleans it again.
    var clean: Range<Int32>?
    var isBlank = false
    var isStructural = false
    var record: LogcatRecord?
    /// `noInterest`, `nothing`, or the interest's index in its block's table.
    var interest = LogcatPreparedLine.noInterest
}

/// Prepares lines for a reader of one layout: the stateless half of `LogcatTextReader`'s
/// reading. Each core has its own, with its own recognizer for the interest (its tag table and
/// mappings keep caches).
struct LogcatLinePreparer {
    let format: LogcatLayout
    let hasLineNumbers: Bool
    private var recognizer: LogcatEventRecognizer

    init(format: LogcatLayout, hasLineNumbers: Bool, mappings: [LineMapping]) {
        self.format = format
        self.hasLineNumbers = hasLineNumbers
        recognizer = LogcatEventRecognizer(mappings: mappings)
    }

    /// The raw line, without its `\n` (a `\r` before it is dropped here); an interest beyond
    /// `.nothing` is added to `interests`.
    mutating func prepare(_ raw: Span<UInt8>, interests: inout [LogcatEventRecognizer.Interest]) -> LogcatPreparedLine {
        let line = raw.droppingCarriageReturn()
        return LogcatLineCleaner.withCleanLine(line, stripQuotes: format != .raw, stripLineNumbers: hasLineNumbers) { clean, hadColor in
            var prepared = LogcatPreparedLine()
            if !hadColor { prepared.clean = Self.extent(of: clean, in: line) }
            if LogcatLineCleaner.isBlank(clean) {
                prepared.isBlank = true
            } else if LogcatLineCleaner.isStructural(clean) {
                prepared.isStructural = true
            } else if let record = LogcatTextReader.parse(clean, as: format) {
                prepared.record = record
                let interest = recognizer.interest(in: record, bytes: clean, hasTag: format.hasTag)
                if case .nothing = interest {
                    prepared.interest = LogcatPreparedLine.nothing
                } else {
                    prepared.interest = Int32(interests.count)
                    interests.append(interest)
                }
            }
            return prepared
        }
    }

    /// The cleaned line's extent in `line`, of which it is a part.
    private static func extent(of clean: Span<UInt8>, in line: Span<UInt8>) -> Range<Int32> {
        let start = clean.withUnsafeBufferPointer { cleanBytes in
            line.withUnsafeBufferPointer { lineBytes in
                guard let cleanStart = cleanBytes.baseAddress, let lineStart = lineBytes.baseAddress else { return 0 }
                return cleanStart - lineStart
            }
        }
        return Int32(start)..<Int32(start + clean.count)
    }
}
