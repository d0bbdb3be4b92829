@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Parses the prefix of one logcat line in a given layout (see `docs/formats.md`
/// §1, confirmed against `liblog/logprint.cpp`). Works on bytes and allocates nothing.
enum LogcatLineParser {
    static func parse(_ line: Span<UInt8>, as format: LogcatLayout) -> LogcatRecord? {
        var cursor = ByteCursor(line)
        switch format {
        case .threadtime: return parseThreadtime(&cursor)
        case .time: return parseTimed(&cursor) { parseBrief(&$0) }
        case .brief: return parseBrief(&cursor)
        case .process: return parseProcess(&cursor)
        case .tag: return parseTagOnly(&cursor)
        case .thread: return parseThread(&cursor)
        case .studio: return parseStudio(&cursor)
        case .studioNew: return parseStudioNew(&cursor)
        case .long: return parseLongHeader(&cursor)
        case .raw: return LogcatRecord(message: 0..<line.count)
        }
    }

    // MARK: Layouts

    /// `TIME [UID] PID TID P TAG: message`
    private static func parseThreadtime(_ cursor: inout ByteCursor) -> LogcatRecord? {
        guard let time = LogcatTime.parse(&cursor), cursor.skipBlanks() > 0,
            let first = cursor.readToken(), cursor.skipBlanks() > 0,
            let second = cursor.readToken(), cursor.skipBlanks() > 0
        else { return nil }
        var ids = (first, second)
        var hasUID = false
        if !startsWithPriority(cursor) {
            guard let third = cursor.readToken(), cursor.skipBlanks() > 0 else { return nil }
            ids = (second, third)
            hasUID = true
        }
        guard let priority = readPriority(&cursor),
            let pid = number(cursor.bytes, ids.0), let tid = number(cursor.bytes, ids.1)
        else { return nil }
        var record = LogcatRecord(time: time, pid: pid, tid: tid, priority: priority)
        record.hasUID = hasUID
        guard cursor.skip(.space) || cursor.isAtEnd, readTagAndMessage(&cursor, into: &record) else { return nil }
        return record
    }

    /// `TIME ` followed by another layout (`time` is `brief` with a time in front).
    private static func parseTimed(_ cursor: inout ByteCursor, _ rest: (inout ByteCursor) -> LogcatRecord?) -> LogcatRecord? {
        guard let time = LogcatTime.parse(&cursor), cursor.skipBlanks() > 0, var record = rest(&cursor) else { return nil }
        record.time = time
        return record
    }

    /// `P/TAG(PID): message`, also `P/TAG(UID:PID): message`.
    private static func parseBrief(_ cursor: inout ByteCursor) -> LogcatRecord? {
        guard let priority = readPriority(&cursor), cursor.skip(.slash) else { return nil }
        guard let close = cursor.find(.closeParen, .colon),
            let open = lastIndex(of: .openParen, in: cursor.bytes, before: close, after: cursor.index)
        else { return nil }
        let ids = idList(cursor.bytes, open + 1..<close)
        guard ids.count == 1 || ids.count == 2, let pid = ids.last! else { return nil }
        var record = LogcatRecord(pid: pid, priority: priority)
        record.hasUID = ids.count == 2
        record.tag = trimmed(cursor.bytes, cursor.index..<open)
        record.message = messageRange(cursor.bytes, after: close + 2)
        return record
    }

    /// `P/TAG: message`
    /// (Also `P TAG: message`, as some viewers copy it.)
    private static func parseTagOnly(_ cursor: inout ByteCursor) -> LogcatRecord? {
        guard let priority = readPriority(&cursor), cursor.skip(.slash) || (cursor.peek(1) != .space && cursor.skip(.space)) else { return nil }
        var record = LogcatRecord(priority: priority)
        return readTagAndMessage(&cursor, into: &record) ? record : nil
    }

    /// `P(PID:TID) message`, also `P(UID:PID:TID) message`.
    private static func parseThread(_ cursor: inout ByteCursor) -> LogcatRecord? {
        guard let priority = readPriority(&cursor), cursor.skip(.openParen),
            let close = firstIndex(of: .closeParen, in: cursor.bytes, from: cursor.index)
        else { return nil }
        let ids = idList(cursor.bytes, cursor.index..<close)
        guard ids.count == 2 || ids.count == 3, let pid = ids[ids.count - 2], let tid = ids[ids.count - 1] else { return nil }
        var record = LogcatRecord(pid: pid, tid: tid, priority: priority)
        record.hasUID = ids.count == 3
        guard close + 1 == cursor.bytes.count || cursor.bytes[close + 1] == .space else { return nil }
        record.message = min(close + 2, cursor.bytes.count)..<cursor.bytes.count
        return record
    }

    /// `P(PID) message  (TAG)`
    private static func parseProcess(_ cursor: inout ByteCursor) -> LogcatRecord? {
        let bytes = cursor.bytes
        guard let priority = readPriority(&cursor), cursor.skip(.openParen),
            let close = firstIndex(of: .closeParen, in: bytes, from: cursor.index),
            bytes.last == .closeParen,
            let tagOpen = lastIndex(of: .openParen, in: bytes, before: bytes.count - 1, after: close),
            tagOpen >= 2, bytes[tagOpen - 1] == .space, bytes[tagOpen - 2] == .space
        else { return nil }
        let ids = idList(bytes, cursor.index..<close)
        guard ids.count == 1 || ids.count == 2, let pid = ids.last! else { return nil }
        var record = LogcatRecord(pid: pid, priority: priority)
        record.hasUID = ids.count == 2
        record.tag = trimmed(bytes, tagOpen + 1..<bytes.count - 1)
        record.message = min(close + 2, tagOpen - 2)..<(tagOpen - 2)
        return record
    }

    /// `TIME PID-TID/package P/TAG: message` (package may be `?`).
    /// (The package may also be empty: `5819-5819/ E/AndroidRuntime: …`.)
    private static func parseStudio(_ cursor: inout ByteCursor) -> LogcatRecord? {
        guard let time = LogcatTime.parse(&cursor), cursor.skipBlanks() > 0,
            let (pid, _) = cursor.readUnsigned(), cursor.skip(.dash),
            let (tid, _) = cursor.readUnsigned(), cursor.skip(.slash)
        else { return nil }
        let package = cursor.readToken()
        guard cursor.skip(.space), let priority = readPriority(&cursor), cursor.skip(.slash) else { return nil }
        var record = LogcatRecord(time: time, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid), priority: priority)
        record.package = package.flatMap { namedPackage(cursor.bytes, $0) }
        return readTagAndMessage(&cursor, into: &record) ? record : nil
    }

    /// `TIME  PID-TID  TAG  package  P  message` (package may be `pid-N` or `?`).
    private static func parseStudioNew(_ cursor: inout ByteCursor) -> LogcatRecord? {
        guard let time = LogcatTime.parse(&cursor), cursor.skipBlanks() > 0,
            let (pid, _) = cursor.readUnsigned(), cursor.skip(.dash),
            let (tid, _) = cursor.readUnsigned(), cursor.skipBlanks() > 0,
            let tag = cursor.readToken(), cursor.skipBlanks() > 0,
            let package = cursor.readToken(), cursor.skipBlanks() > 0,
            let priority = readPriority(&cursor), cursor.isAtEnd || cursor.skip(.space)
        else { return nil }
        var record = LogcatRecord(time: time, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid), priority: priority)
        record.tag = tag
        record.package = namedPackage(cursor.bytes, package)
        _ = cursor.skip(.space)
        record.message = cursor.remaining
        return record
    }

    /// `[ TIME PID:TID P/TAG ]`: the header line of `-v long`; its message follows on the
    /// next lines, up to a blank line. Also LogcatReader's export, which drops the inner spaces.
    private static func parseLongHeader(_ cursor: inout ByteCursor) -> LogcatRecord? {
        let bytes = cursor.bytes
        guard cursor.skip(.openBracket), bytes.last == .closeBracket,
            let time = LogcatTime.parse(&cursor), cursor.skipBlanks() > 0
        else { return nil }
        guard let slash = firstIndex(of: .slash, in: bytes, from: cursor.index), slash - 2 >= cursor.index,
            bytes[slash - 2] == .space
        else { return nil }
        let ids = idList(bytes, cursor.index..<(slash - 2))
        guard ids.count == 2 || ids.count == 3, let pid = ids[ids.count - 2], let tid = ids[ids.count - 1] else { return nil }
        cursor.index = slash - 1
        guard let priority = readPriority(&cursor) else { return nil }
        var record = LogcatRecord(time: time, pid: pid, tid: tid, priority: priority)
        record.hasUID = ids.count == 3
        record.tag = trimmed(bytes, slash + 1..<(bytes.count - 1))
        record.message = bytes.count..<bytes.count
        return record
    }

    // MARK: Pieces

    private static func isPriority(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "V"), UInt8(ascii: "D"), UInt8(ascii: "I"), UInt8(ascii: "W"),
            UInt8(ascii: "E"), UInt8(ascii: "F"), UInt8(ascii: "S"), UInt8(ascii: "A"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    private static func startsWithPriority(_ cursor: ByteCursor) -> Bool {
        guard let byte = cursor.peek(), isPriority(byte) else { return false }
        return cursor.peek(1).map { $0 == .space || $0 == .slash || $0 == .openParen } ?? true
    }

    private static func readPriority(_ cursor: inout ByteCursor) -> UInt8? {
        guard let byte = cursor.peek(), isPriority(byte) else { return nil }
        cursor.index += 1
        return byte
    }

    /// `TAG: message`, where the tag is padded to 8 and may itself contain `:` (but not `: `).
    /// A line that ends right after `TAG:` has an empty message.
    private static func readTagAndMessage(_ cursor: inout ByteCursor, into record: inout LogcatRecord) -> Bool {
        let bytes = cursor.bytes
        let colon = cursor.find(.colon, .space)
        if let separator = smallColon(bytes, from: cursor.index, before: colon) {
            record.tag = trimmed(bytes, cursor.index..<separator)
            record.message = min(separator + smallColonSeparator.utf8CodeUnitCount, bytes.count)..<bytes.count
        } else if let separator = colon {
            record.tag = trimmed(bytes, cursor.index..<separator)
            record.message = (separator + 2)..<bytes.count
        } else if bytes.last == .colon, bytes.count > cursor.index {
            record.tag = trimmed(bytes, cursor.index..<(bytes.count - 1))
            record.message = bytes.count..<bytes.count
        } else {
            return false
        }
        cursor.index = bytes.count
        return true
    }

    /// Early Android Studio copies end the tag with a small colon (`W/ActivityManager﹕ msg`).
    private static let smallColonSeparator: StaticString = "\u{FE55} "

    /// Where a small colon ends the tag, when it comes before any `: `.
    /// Only the bytes before the first `: ` are searched, and only for the small colon's lead
    /// byte first: the common line costs one `memchr` over its tag.
    private static func smallColon(_ bytes: Span<UInt8>, from start: Int, before colon: Int?) -> Int? {
        let tag = bytes.extracting(..<(colon ?? bytes.count))
        return ByteSearch.firstIndex(of: smallColonSeparator, in: tag, from: start)
    }

    /// The numbers in `( 1000: 1234: 1250)`-style lists; a non-numeric uid (`root`, `u0a12`)
    /// is kept as a nil entry so arity still tells the layout.
    private static func idList(_ bytes: Span<UInt8>, _ range: Range<Int>) -> [Int32?] {
        var ids: [Int32?] = []
        var start = range.lowerBound
        for position in range.lowerBound...range.upperBound where position == range.upperBound || bytes[position] == .colon {
            let part = trimmed(bytes, start..<position)
            if part.isEmpty { return [] }
            ids.append(number(bytes, part))
            start = position + 1
        }
        return ids
    }

    private static func number(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Int32? {
        guard !range.isEmpty, range.count <= 10 else { return nil }
        let digits = bytes.extracting(range)
        var value: Int64 = 0
        for position in digits.indices {
            let digit = digits[position] &- .zero
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        return value <= Int64(Int32.max) ? Int32(value) : nil
    }

    private static func namedPackage(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        if range.count == 1 && bytes[range.lowerBound] == UInt8(ascii: "?") { return nil }
        if range.count > 4, bytes[range.lowerBound] == UInt8(ascii: "p"), bytes[range.lowerBound + 3] == .dash { return nil }
        return range
    }

    static func trimmed(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == .space || bytes[lower] == .tab { lower += 1 }
        while upper > lower, bytes[upper - 1] == .space || bytes[upper - 1] == .tab { upper -= 1 }
        return lower..<upper
    }

    /// The message from `position`, past the single space the layout puts before it.
    private static func messageRange(_ bytes: Span<UInt8>, after position: Int) -> Range<Int> {
        var start = min(position, bytes.count)
        if start < bytes.count, bytes[start] == .space { start += 1 }
        return start..<bytes.count
    }

    private static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from start: Int) -> Int? {
        var position = start
        while position < bytes.count {
            if bytes[position] == byte { return position }
            position += 1
        }
        return nil
    }

    private static func lastIndex(of byte: UInt8, in bytes: Span<UInt8>, before end: Int, after start: Int) -> Int? {
        var position = end - 1
        while position >= start {
            if bytes[position] == byte { return position }
            position -= 1
        }
        return nil
    }
}
