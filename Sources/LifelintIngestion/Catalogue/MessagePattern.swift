@_spi(Bytes) import LifelintBytes

/// The wording of a system message with the parts lifelint reads marked as fields:
/// `Killing {pid}:{process}/{user} (adj {adj}): {reason}`. Matched on a message's bytes from
/// its start: words exactly, fields by their characters (`MessageField.Kind`), and text fields
/// as little as the next words allow. Compiled once, when the catalogue is built.
struct MessagePattern: Sendable, CustomStringConvertible {
    enum Piece: Sendable, Equatable {
        case words([UInt8])
        case field(MessageField)
    }

    /// A mistake in a pattern's text, found when it is compiled.
    enum Mistake: Error, Equatable, CustomStringConvertible {
        case unknownField(String)
        case startsWithField
        case adjacentFields(MessageField, MessageField)
        case repeatedField(MessageField)

        var description: String {
            switch self {
            case let .unknownField(name): "'{\(name)}' is not a field (fields: \(MessageField.allCases.map(\.name).joined(separator: ", ")))"
            case .startsWithField: "a pattern starts with words, so lines can be sorted by them"
            case let .adjacentFields(first, second): "{\(first.name)} and {\(second.name)} touch: words must part them (only a text field may follow another field directly)"
            case let .repeatedField(field): "{\(field.name)} appears twice"
            }
        }
    }

    let pieces: [Piece]
    let description: String

    /// The words the message starts with.
    var opening: [UInt8] {
        guard case let .words(words) = pieces.first else { return [] }
        return words
    }

    init(_ text: String) throws(Mistake) {
        description = text
        var pieces: [Piece] = []
        var words: [UInt8] = []
        var seen = Set<MessageField>()
        var bytes = text.utf8[...]
        while let byte = bytes.popFirst() {
            // `{name}` in letters is a field; any other brace is part of the words.
            guard byte == UInt8(ascii: "{"), let close = bytes.firstIndex(of: UInt8(ascii: "}")), close > bytes.startIndex,
                bytes[..<close].allSatisfy(\.isASCIILetter)
            else {
                words.append(byte)
                continue
            }
            let name = String(decoding: bytes[..<close], as: UTF8.self)
            guard let field = MessageField.byName[name] else { throw .unknownField(name) }
            if !words.isEmpty { pieces.append(.words(words)) }
            words = []
            guard !pieces.isEmpty else { throw .startsWithField }
            // A field may run into a text field after it (the text takes what the first
            // cannot hold); any other two fields touching would have no border.
            if case let .field(previous)? = pieces.last, previous.kind == .text || field.kind != .text { throw .adjacentFields(previous, field) }
            guard seen.insert(field).inserted else { throw .repeatedField(field) }
            pieces.append(.field(field))
            bytes = bytes[bytes.index(after: close)...]
        }
        if !words.isEmpty { pieces.append(.words(words)) }
        self.pieces = pieces
    }

    /// The fields of `message` when it reads as this pattern from its first byte; nil when it
    /// does not.
    @_lifetime(copy message)
    func match(_ message: Span<UInt8>) -> MessageFields? {
        var fields = MessageFields(message: message)
        var position = 0
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case let .words(words):
                guard Self.hasWords(words, in: message, at: position) else { return nil }
                position += words.count
            case let .field(field):
                let next: [UInt8]? = if index + 1 < pieces.count, case let .words(words) = pieces[index + 1] { words } else { nil }
                guard let end = Self.end(of: field.kind, in: message, from: position, before: next), end > position || field.kind == .text else { return nil }
                fields[field] = position..<end
                position = end
            }
        }
        return fields
    }

    private static func hasWords(_ words: [UInt8], in message: Span<UInt8>, at position: Int) -> Bool {
        guard message.count - position >= words.count else { return false }
        for offset in words.indices where message[position + offset] != words[offset] { return false }
        return true
    }

    /// Where a field of `kind` starting at `start` ends: the first byte it cannot hold, or for
    /// text, where the next words (`before`) first occur.
    private static func end(of kind: MessageField.Kind, in message: Span<UInt8>, from start: Int, before next: [UInt8]?) -> Int? {
        switch kind {
        case .text:
            guard let next else { return message.count }
            return ByteSearch.firstIndex(of: next.span, in: message, from: start)
        case .record:
            var position = start
            while position < message.count, message[position].isASCIILetter { position += 1 }
            guard position < message.count, message[position] == UInt8(ascii: "{") else { return nil }
            guard let close = message.firstIndex(of: UInt8(ascii: "}"), in: position...) else { return nil }
            return close + 1
        case .signedDigits:
            let first = start < message.count && message[start] == UInt8(ascii: "-") ? start + 1 : start
            let end = scan(message, from: first) { $0.isASCIIDigit }
            return end > first ? end : nil
        case .digits: return scan(message, from: start) { $0.isASCIIDigit }
        case .processName: return scan(message, from: start) { $0.isProcessNameByte || $0 == UInt8(ascii: ":") }
        case .packageName: return scan(message, from: start) { $0.isProcessNameByte && $0 != UInt8(ascii: "-") }
        case .word: return scan(message, from: start) { $0 != .space }
        }
    }

    private static func scan(_ message: Span<UInt8>, from start: Int, while holds: (UInt8) -> Bool) -> Int {
        var position = start
        while position < message.count, holds(message[position]) { position += 1 }
        return position
    }
}

extension UInt8 {
    fileprivate var isProcessNameByte: Bool {
        isASCIILetter || isASCIIDigit || self == .dot || self == UInt8(ascii: "_") || self == UInt8(ascii: "$") || self == UInt8(ascii: "-")
    }
}
