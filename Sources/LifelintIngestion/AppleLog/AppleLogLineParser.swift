@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads one line of each `AppleLogTextLayout` into an `AppleLogRecord`, without allocating.
/// Every function returns nil when the line is not in its layout.
enum AppleLogLineParser {
    /// `2023-03-01 10:12:13.123456-0800  0x1a2b  Default  0x0  123  0  runningboardd: (Sender) [sub:cat] message`
    static func logShow(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        guard let time = datedTime(&cursor), cursor.skipBlanks() > 0,
            cursor.readToken().map({ isHex(cursor.bytes, $0) }) == true, cursor.skipBlanks() > 0,
            cursor.readToken().map({ isLetters(cursor.bytes, $0) }) == true, cursor.skipBlanks() > 0,
            cursor.readToken().map({ isHex(cursor.bytes, $0) }) == true, cursor.skipBlanks() > 0,
            let (pid, _) = cursor.readUnsigned(), cursor.skipBlanks() > 0, cursor.readUnsigned() != nil, cursor.skipBlanks() > 0
        else { return nil }
        let start = cursor.index
        guard let colon = processEnd(cursor) else { return nil }
        cursor.index = colon + 1
        var record = AppleLogRecord(time: .complete(time), process: start..<colon, pid: Int32(exactly: pid), message: cursor.remaining)
        readTail(&cursor, into: &record)
        return record
    }

    /// `2023-03-01 10:12:13.123 Df runningboardd[33:1a2b] [sub:cat] message`
    static func compact(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        guard let time = datedTime(&cursor), cursor.skipBlanks() > 0, let type = cursor.readToken(), type.count <= 2,
            isLetters(cursor.bytes, type), cursor.skipBlanks() > 0, var record = processWithPid(&cursor, time: .complete(time))
        else { return nil }
        readTail(&cursor, into: &record)
        return record
    }

    /// `2023-03-01 10:12:13.123456-0800  localhost runningboardd[33]: (Sender) [sub:cat] message`
    static func syslog(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        guard let time = datedTime(&cursor), cursor.skipBlanks() > 0, cursor.readToken() != nil, cursor.skipBlanks() > 0,
            var record = processWithPid(&cursor, time: .complete(time)), cursor.skip(.colon)
        else { return nil }
        readTail(&cursor, into: &record)
        return record
    }

    /// `Mar  3 08:15:02 iPhone runningboardd(RunningBoard)[33] <Notice>: message`
    /// (iOS 4–6: `Thu Nov 25 11:30:02 iPhone SpringBoard[1557] : message`, weekday and no level;
    /// iPhone OS 3: `Dec 20 03:45:00 iPhone MobileNotes[261]: message`.)
    static func deviceSyslog(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        cursor.index = 0
        if weekdayNames.contains(where: { cursor.bytes.starts(with: $0) }) {
            cursor.index = 3
            guard cursor.skipBlanks() > 0 else { return nil }
        }
        guard let month = monthName(&cursor), cursor.skipBlanks() > 0, let (day, _) = cursor.readUnsigned(), (1...31).contains(day),
            cursor.skipBlanks() > 0, let timeOfDay = timeOfDay(&cursor), cursor.skipBlanks() > 0, cursor.readToken() != nil,
            cursor.skipBlanks() > 0,
            var record = processWithPid(&cursor, time: .withoutYear(month: month, day: Int(day), timeOfDay))
        else { return nil }
        // iPhone OS 3's syslog puts the colon right after the pid: `MobileNotes[261]: …`.
        let spaced = cursor.skipBlanks() > 0
        if spaced, cursor.skip(UInt8(ascii: "<")) {
            while let byte = cursor.peek(), byte.isASCIILetter { cursor.index += 1 }
            guard cursor.skip(.greaterThan) else { return nil }
        } else if spaced, cursor.peek() == .openParen {
            // Old launchd names the job before the colon: `(UIKitApplication:com.x.y[0xc343][4821]) : …`,
            // kept as the start of the message.
            record.message = cursor.remaining
            return record
        }
        guard cursor.skip(.colon) else { return nil }
        _ = cursor.skipBlanks()
        record.message = cursor.remaining
        return record
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map { Array($0.utf8) }

    /// Console.app: TAB-separated columns, as many as the user showed and in their order: the
    /// time (with or without its date), the type (`default`, or localised: `förval`), the
    /// process, maybe the subsystem and category, and the message (the longest column after
    /// the process, TABs in it kept). `default 10:12:13.123456-0800 runningboardd message` with
    /// spaces for TABs reads too (then without subsystem and category).
    static func console(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        let bytes = cursor.bytes
        guard bytes.contains(.tab) else { return spacedConsole(&cursor) }
        var columns: [Range<Int>] = []
        var start = 0
        for index in 0..<bytes.count where bytes[index] == .tab {
            columns.append(start..<index)
            start = index + 1
        }
        columns.append(start..<bytes.count)
        guard columns.count >= 4 else { return nil }
        if let time = consoleTime(bytes, columns[columns.count - 1]) {
            // Time last: type, process, message.
            guard isWord(bytes, columns[0]), !columns[1].isEmpty else { return nil }
            return AppleLogRecord(time: time, process: columns[1], pid: nil, message: columns[2].lowerBound..<columns[columns.count - 2].upperBound)
        }
        guard let timeIndex = (0..<min(3, columns.count - 2)).first(where: { consoleTime(bytes, columns[$0]) != nil }),
            let time = consoleTime(bytes, columns[timeIndex]), timeIndex == 0 || isWord(bytes, columns[timeIndex - 1]),
            !columns[timeIndex + 1].isEmpty
        else { return nil }
        var record = AppleLogRecord(time: time, process: columns[timeIndex + 1], pid: nil, message: columns[timeIndex + 2].lowerBound..<bytes.count)
        if timeIndex == 2, isWord(bytes, columns[0]) { record.category = columns[0] }
        // Subsystem and category columns between the process and the message: words.
        var next = timeIndex + 2
        for slot in 0..<2 where columns.count - next > 1 && isWord(bytes, columns[next]) {
            if slot == 0 { record.subsystem = columns[next] } else { record.category = columns[next] }
            next += 1
        }
        record.message = columns[next].lowerBound..<bytes.count
        return record
    }

    private static func spacedConsole(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        guard let type = cursor.readToken(), isConsoleType(cursor.bytes, type), cursor.skipBlanks() > 0 else { return nil }
        let time: AppleLogTime
        if let dated = datedTime(&cursor) {
            time = .complete(dated)
        } else if let timeOfDay = timeOfDay(&cursor) {
            time = .withoutDate(timeOfDay)
        } else {
            return nil
        }
        guard cursor.skipBlanks() > 0, let process = cursor.readToken() else { return nil }
        _ = cursor.skipBlanks()
        return AppleLogRecord(time: time, process: process, pid: nil, message: cursor.remaining)
    }

    /// A Console time column: `10:12:13.123456-0800`, `19:28:56.942606 -0800`, or with its date.
    private static func consoleTime(_ bytes: Span<UInt8>, _ range: Range<Int>) -> AppleLogTime? {
        let column = bytes.extracting(range)
        var cursor = ByteCursor(column)
        if let dated = datedTime(&cursor), cursor.isAtEnd { return .complete(dated) }
        cursor.index = 0
        guard let time = timeOfDay(&cursor, spaceBeforeOffset: true) else { return nil }
        return cursor.isAtEnd ? .withoutDate(time) : nil
    }

    /// What Xcode's console shows with its metadata hidden, and `flutter run` without `--verbose`:
    /// the message alone. Only the openings lifelint reads are taken as records.
    private static let bareOpenings = (["flutter: ", "[BackgroundTask] "] + InstrumentationMessage.prefixes).map { Array($0.utf8) }

    /// `2024-05-02 09:41:07.123456-0700 Notes[812:33019] message`; also a bare `flutter: …` line,
    /// and a system message pasted without any prefix (`Notes[4410] has active assertions beyond
    /// permitted time:`).
    static func xcode(_ cursor: inout ByteCursor) -> AppleLogRecord? {
        let bare = AppleLogRecord(time: .complete(.unknown), process: 0..<0, pid: nil, message: 0..<cursor.bytes.count)
        if bareOpenings.contains(where: { cursor.bytes.starts(with: $0) }) { return bare }
        guard let time = datedTime(&cursor), cursor.skipBlanks() > 0, var record = processWithPid(&cursor, time: .complete(time)) else {
            return isSystemMessage(cursor.bytes) ? bare : nil
        }
        _ = cursor.skipBlanks()
        record.message = cursor.remaining
        return record
    }

    /// Whether a line no layout's prefix opens is a message of the system's catalogue.
    private static func isSystemMessage(_ line: Span<UInt8>) -> Bool {
        guard ByteSearch.contains("pplication", in: line) || ByteSearch.contains("pp<", in: line) || ByteSearch.contains("beyond permitted time", in: line)
        else { return false }
        return AppleMessageCatalogue.shared.read(Substring(line.text)) != nil
    }

    // MARK: Pieces

    /// `2023-03-01 10:12:13.123456-0800` (fraction and offset optional).
    private static func datedTime(_ cursor: inout ByteCursor) -> Timestamp? {
        let start = cursor.index
        guard cursor.readDigits(4) != nil, cursor.skip(.dash), cursor.readDigits(2) != nil, cursor.skip(.dash),
            cursor.readDigits(2) != nil, cursor.skip(.space), cursor.readToken() != nil,
            let time = TimestampParser.parse(bytes: cursor.bytes.extracting(start..<cursor.index))
        else {
            cursor.index = start
            return nil
        }
        return time
    }

    /// `10:12:13`, `10:12:13.123456`, `10:12:13.123456-0800`.
    private static func timeOfDay(_ cursor: inout ByteCursor, spaceBeforeOffset: Bool = false) -> AppleLogTime.TimeOfDay? {
        let start = cursor.index
        guard let hour = cursor.readDigits(2), cursor.skip(.colon), let minute = cursor.readDigits(2), cursor.skip(.colon),
            let second = cursor.readDigits(2), hour < 24, minute < 60, second < 61
        else {
            cursor.index = start
            return nil
        }
        var time = AppleLogTime.TimeOfDay(hour: hour, minute: minute, second: second, nanosecond: 0, fractionDigits: 0)
        if cursor.skip(.dot) {
            guard let (fraction, count) = cursor.readUnsigned() else {
                cursor.index = start
                return nil
            }
            let kept = min(count, 9)
            var value = Int(fraction)
            for _ in kept..<count { value /= 10 }
            for _ in kept..<9 { value *= 10 }
            time.nanosecond = value
            time.fractionDigits = UInt8(kept)
        }
        let beforeOffset = cursor.index
        if spaceBeforeOffset { _ = cursor.skipBlanks() }
        if let sign = cursor.peek(), sign == .plus || sign == .dash {
            cursor.index += 1
            guard let offset = cursor.readDigits(4) else {
                cursor.index = start
                return nil
            }
            time.utcOffsetSeconds = Int32((offset / 100 * 60 + offset % 100) * 60) * (sign == .dash ? -1 : 1)
        } else {
            cursor.index = beforeOffset
        }
        guard cursor.isAtEnd || cursor.peek() == .space || cursor.peek() == .tab else {
            cursor.index = start
            return nil
        }
        return time
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }

    private static func monthName(_ cursor: inout ByteCursor) -> Int? {
        let rest = cursor.bytes.extracting(cursor.index...)
        guard let index = monthNames.firstIndex(where: { rest.starts(with: $0) }) else { return nil }
        cursor.index += 3
        return index + 1
    }

    /// `Notes[812:33019]`, `runningboardd[33]`, `runningboardd(RunningBoard)[33]`: the process
    /// (spaces allowed), its sender, its pid; the cursor stops after `]`.
    private static func processWithPid(_ cursor: inout ByteCursor, time: AppleLogTime) -> AppleLogRecord? {
        let bytes = cursor.bytes
        let start = cursor.index
        let limit = min(bytes.count, start + 256)
        var open = start
        while open < limit {
            guard bytes[open] == .openBracket else {
                if bytes[open] == .colon { return nil }
                open += 1
                continue
            }
            var probe = ByteCursor(bytes, at: open + 1)
            if let (pid, _) = probe.readUnsigned(), probe.skip(.closeBracket) || (probe.skip(.colon) && skipHexNumber(&probe) && probe.skip(.closeBracket)) {
                var end = open
                while end > start, bytes[end - 1] == .space { end -= 1 }
                guard end > start else { return nil }
                var process = start..<end
                // `runningboardd(RunningBoard)`: the sender in parentheses is not the process.
                if bytes[end - 1] == .closeParen, let paren = bytes.lastIndex(of: .openParen, in: start..<end), paren > start {
                    process = start..<paren
                }
                cursor.index = probe.index
                return AppleLogRecord(time: time, process: process, pid: Int32(exactly: pid), message: cursor.remaining)
            }
            open += 1
        }
        return nil
    }

    /// After the process: ` (Sender)` (skipped), ` [subsystem:category]`, then the message.
    private static func readTail(_ cursor: inout ByteCursor, into record: inout AppleLogRecord) {
        _ = cursor.skipBlanks()
        let bytes = cursor.bytes
        if cursor.peek() == .openParen, let close = closing(.closeParen, in: bytes, from: cursor.index + 1), close > cursor.index + 1 {
            cursor.index = close + 1
            _ = cursor.skipBlanks()
        }
        if cursor.peek() == .openBracket, let close = closing(.closeBracket, in: bytes, from: cursor.index + 1),
            let colon = bytes.firstIndex(of: .colon, in: (cursor.index + 1)..<close), colon > cursor.index + 1,
            isWord(bytes, (cursor.index + 1)..<colon)
        {
            record.subsystem = (cursor.index + 1)..<colon
            record.category = (colon + 1)..<close
            cursor.index = close + 1
            _ = cursor.skipBlanks()
        }
        record.message = cursor.remaining
    }

    /// The `:` that ends `log show`'s process column (`runningboardd: …`, or the line's end).
    private static func processEnd(_ cursor: ByteCursor) -> Int? {
        if let colon = cursor.find(.colon, .space) { return colon }
        return cursor.bytes.last == .colon && cursor.bytes.count - 1 > cursor.index ? cursor.bytes.count - 1 : nil
    }

    /// The index of `byte` on the line from `start`, within a short span (a sender or a subsystem).
    private static func closing(_ byte: UInt8, in bytes: Span<UInt8>, from start: Int) -> Int? {
        let end = min(bytes.count, start + 200)
        return start < end ? bytes.firstIndex(of: byte, in: start..<end) : nil
    }

    private static func skipHexNumber(_ cursor: inout ByteCursor) -> Bool {
        let start = cursor.index
        if cursor.peek() == .zero, cursor.peek(1) == UInt8(ascii: "x") { cursor.index += 2 }
        while let byte = cursor.peek(), byte.isASCIIHexDigit { cursor.index += 1 }
        return cursor.index > start
    }

    private static func isHex(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        range.count > 2 && bytes[range.lowerBound] == .zero && bytes[range.lowerBound + 1] == UInt8(ascii: "x")
            && bytes.allSatisfy(in: (range.lowerBound + 2)..<range.upperBound, \.isASCIIHexDigit)
    }

    private static func isLetters(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        bytes.allSatisfy(in: range, \.isASCIILetter)
    }

    /// A subsystem or category: no blanks, not empty.
    private static func isWord(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        !range.isEmpty && range.count < 128 && bytes.firstIndex(in: range, where: { $0 == .space || $0 == .tab }) == nil
    }

    private static let consoleTypes = ["default", "info", "debug", "error", "fault", "notice", "activity"].map { Array($0.utf8) }

    private static func isConsoleType(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        consoleTypes.contains { type in
            type.count == range.count && type.indices.allSatisfy { type[$0] == bytes[range.lowerBound + $0] | 0x20 }
        }
    }
}
