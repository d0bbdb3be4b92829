@_spi(Bytes) import LifelintBytes
import LifelintModel

extension LogcatTextReader {
    /// What the first chunk of a file says before its lines are read: whether it is binary, a
    /// bugreport, which layout its lines are in, and its opening bytes kept to describe it if it
    /// turns out not to be a log.
    struct Opening {
        let binary: (line: Int, kind: String)?
        let isDumpstate: Bool
        let detection: LogcatLayoutDetector.Detection
        /// The first bytes, copied: the read window moves on once lines are read.
        let opening: [UInt8]
        /// When no layout was found: the first line with text, and what the file looks like.
        let unrecognised: (firstLine: Int?, sketch: String)?

        /// When a bugreport was taken, from its header (`== dumpstate: 2024-01-08 09:53:00`).
        let dumpstateDate: CivilDateTime?

        private static func dumpstateDate(_ head: Span<UInt8>) -> CivilDateTime? {
            guard let found = ByteSearch.firstIndex(of: "== dumpstate: ", in: head, from: 0) else { return nil }
            let start = found + "== dumpstate: ".utf8.count
            guard start + 19 <= head.count else { return nil }
            return TimestampParser.parse(head.text(start..<start + 19)).map(\.localDateTime)
        }

        /// How much of a file's opening describes it when it turns out not to be a log.
        static let sketchBytes = 16_384

        init(_ head: Span<UInt8>, forcedFormat: LogcatLayout?) {
            if ContentSketch.isBinary(head), let nul = head.firstIndex(of: 0) {
                binary = (1 + head.count(of: .newline, in: ..<nul), ContentSketch.binary(head))
            } else {
                binary = nil
            }
            isDumpstate = ByteSearch.contains("== dumpstate", in: head.extracting(..<min(head.count, 4096)))
            dumpstateDate = isDumpstate ? Self.dumpstateDate(head.extracting(..<min(head.count, 4096))) : nil
            detection = forcedFormat.map { LogcatLayoutDetector.Detection(format: $0, modifiers: []) } ?? LogcatLayoutDetector.detect(head)
            opening = head.extracting(..<min(head.count, Self.sketchBytes)).array
            unrecognised = detection.format == nil ? (head.firstNonBlankLine, ContentSketch.text(head)) : nil
        }
    }
}

extension Span<UInt8> {
    /// The number of the first line with more than blanks.
    var firstNonBlankLine: Int? {
        var line = 1
        for index in indices {
            let byte = self[index]
            if byte == .newline {
                line += 1
            } else if byte != .space && byte != .tab && byte != .carriageReturn {
                return line
            }
        }
        return nil
    }
}
