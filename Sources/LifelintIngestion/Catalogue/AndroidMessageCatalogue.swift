@_spi(Bytes) import LifelintBytes

/// The Android system messages lifelint recognises, each form with the releases that write it
/// and its source: the one place recognition of the system's text lines is described.
/// (Events-buffer tags, whose names say what they are, are in `LogcatTag` and
/// `SystemActivityLine`.)
///
/// Lines are matched by their opening words: a line whose message starts with none of them is
/// turned away by one table lookup on its first byte.
struct AndroidMessageCatalogue: Sendable {
    let messages: [AndroidMessage]
    /// The anchored messages by the first byte of their opening, in catalogue order within a
    /// byte (a longer form before a shorter one with the same opening): those of byte `b` are
    /// `anchored[anchoredStart[b]..<anchoredStart[b + 1]]`. Flat, like the openings below: the
    /// preparing threads read the tables at once, and a reference taken to a shared array per
    /// line cost more than the lookup.
    private let anchored: [Int]
    private let anchoredStart: [Int]
    /// Messages found anywhere in a warning's or error's text.
    let anywhere: [AndroidMessage]
    /// Their openings, one after the other, and where each ends.
    private let anywhereOpenings: [UInt8]
    private let anywhereOpeningEnds: [Int]
    /// Per first byte, the openings of messages any tag may write.
    private let anyTagOpeningsByFirstByte: [[[UInt8]]]

    static let shared = AndroidMessageCatalogue(rows: AndroidMessageCatalogue.rows)

    init(rows: [Row]) {
        var mistakes: [String] = []
        var messages: [AndroidMessage] = []
        for row in rows {
            do {
                messages.append(try row.message())
            } catch {
                mistakes.append("\(row.id): \(error)")
            }
        }
        precondition(mistakes.isEmpty, "the Android message catalogue has mistakes: \(mistakes.joined(separator: "; "))")
        self.messages = messages
        var byFirstByte = [[Int]](repeating: [], count: 256)
        for (index, message) in messages.enumerated() where !message.anywhere {
            byFirstByte[Int(message.pattern.opening[0])].append(index)
        }
        anchored = byFirstByte.flatMap { $0 }
        anchoredStart = byFirstByte.reduce(into: [0]) { starts, indices in starts.append(starts[starts.count - 1] + indices.count) }
        anywhere = messages.filter(\.anywhere)
        anywhereOpenings = anywhere.flatMap(\.pattern.opening)
        anywhereOpeningEnds = anywhere.reduce(into: []) { ends, message in ends.append((ends.last ?? 0) + message.pattern.opening.count) }
        var openings = [[[UInt8]]](repeating: [], count: 256)
        for message in messages where message.underAnyTag && !message.anywhere {
            openings[Int(message.pattern.opening[0])].append(message.pattern.opening)
        }
        anyTagOpeningsByFirstByte = openings
    }

    /// The first anchored message that `message` reads as, with its fields, among those `accepts`.
    @_lifetime(copy message)
    func match(_ message: Span<UInt8>, where accepts: (AndroidMessage) -> Bool) -> (AndroidMessage, MessageFields)? {
        guard let first = message.first else { return nil }
        for position in anchoredStart[Int(first)]..<anchoredStart[Int(first) + 1] {
            let index = anchored[position]
            guard accepts(messages[index]), let fields = messages[index].pattern.match(message) else { continue }
            return (messages[index], fields)
        }
        return nil
    }

    /// Whether some message that any tag may write could start `message`: the check every
    /// line of an unknown tag goes through.
    func mayOpenUnderAnyTag(_ message: Span<UInt8>) -> Bool {
        guard let first = message.first else { return false }
        return anyTagOpeningsByFirstByte[Int(first)].contains { message.starts(with: $0) }
    }

    /// Where a message no layout parsed may start: its first byte, and just after each of the
    /// first few `: ` (a tag alone, `I/Tag(1234): `, DDMS's `01-08 09:00:01.000: I/Tag(1234): `),
    /// leading blanks and Markdown skipped (`- `, `**`, backticks), and after a crash
    /// reporter's `ANR ` title prefix (`ANR Input dispatching timed out (…)`).
    static func messageStarts(in line: Span<UInt8>) -> [Int] {
        var starts = [0]
        var position = 0
        while starts.count < 4, let colon = ByteSearch.firstIndex(of: ": ", in: line, from: position) {
            starts.append(colon + 2)
            position = colon + 2
        }
        var skipped = starts.map { start in
            let text = line.extracting(start...)
            let markdown = LogcatLineCleaner.markdownPrefixLength(text)
            return start + (text.firstIndex(in: markdown...) { $0 != .space && $0 != .tab } ?? text.count)
        }
        if let first = skipped.first, first < line.count, line.extracting(first...).starts(with: "ANR ".utf8) {
            skipped.append(first + 4)
        }
        // Some messages start with their own indentation (`  Force finishing activity`).
        return skipped[0] == 0 ? skipped : [0] + skipped
    }

    /// Whether `line` carries a catalogued message where one may start, or an exception
    /// catalogued inside text.
    func carriesMessage(_ line: Span<UInt8>) -> Bool {
        for start in Self.messageStarts(in: line) where match(line.extracting(start...), where: { _ in true }) != nil {
            return true
        }
        return find(in: line) != nil
    }

    /// The first message found inside `message`, with its fields read from where it starts.
    @_lifetime(copy message)
    func find(in message: Span<UInt8>) -> (AndroidMessage, MessageFields)? {
        let openings = anywhereOpenings.span
        // By index: a message is copied only when it matches, not once per candidate tried.
        for index in anywhereOpeningEnds.indices {
            let opening = openings.extracting((index == 0 ? 0 : anywhereOpeningEnds[index - 1])..<anywhereOpeningEnds[index])
            guard let start = ByteSearch.firstIndex(of: opening, in: message, from: 0), let fields = anywhere[index].pattern.match(message.extracting(start...))
            else { continue }
            return (anywhere[index], fields)
        }
        return nil
    }

    /// A catalogue entry as written in `rows`: compiled, and checked, when the catalogue is made.
    struct Row: Sendable {
        let id: String
        let pattern: String
        let meaning: AndroidMessageMeaning
        var writers: [AndroidMessageWriter] = [.activityManager]
        var underAnyTag = false
        var anywhere = false
        let first: Int
        var last: Int? = nil
        let source: String
        let example: String

        func message() throws(MessagePattern.Mistake) -> AndroidMessage {
            AndroidMessage(
                id: id, pattern: try MessagePattern(pattern), meaning: meaning, writers: writers, underAnyTag: underAnyTag, anywhere: anywhere,
                first: AndroidRelease(first), last: last.map(AndroidRelease.init), source: source, example: example)
        }
    }
}
