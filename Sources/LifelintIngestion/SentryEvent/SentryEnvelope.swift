@_spi(Bytes) import LifelintBytes

/// A Sentry envelope as the SDKs write it to disk and send it: a header line, then items, each a
/// header line (`{"type":"event","length":1234}`) and a payload of `length` bytes, or up to the
/// next newline when the header gives none. Payloads other than events (attachments such as
/// screenshots, which are binary; sessions; client reports) are blanked, their newlines kept, so
/// the event payloads are read as JSON at the lines they have in the file.
enum SentryEnvelope {
    /// The most of an envelope lifelint reads; SDKs cap theirs far below (attachments at 20 MiB).
    static let maximumSize = 64 << 20

    /// Whether the first bytes are an envelope rather than an event: a first line that is not
    /// an event (no timestamp, platform or breadcrumbs), followed by an item header.
    static func isEnvelope(_ head: Span<UInt8>) -> Bool {
        guard let newline = head.firstIndex(of: .newline) else { return false }
        let header = head.extracting(..<newline)
        guard header.first == UInt8(ascii: "{"), !ByteSearch.contains("\"timestamp\"", in: header),
            !ByteSearch.contains("\"platform\"", in: header), !ByteSearch.contains("\"breadcrumbs\"", in: header)
        else { return false }
        let rest = head.extracting((newline + 1)...)
        let itemHeader = rest.extracting(..<(rest.firstIndex(of: .newline) ?? rest.count))
        return itemHeader.first == UInt8(ascii: "{") && ByteSearch.contains("\"type\"", in: itemHeader)
    }

    /// The envelope with every payload but the events' blanked.
    static func eventPayloadsOnly(_ envelope: [UInt8]) -> [UInt8] {
        var bytes = envelope
        var position = (envelope.span.firstIndex(of: .newline) ?? envelope.count) + 1
        while position < bytes.count {
            let span = envelope.span
            let headerEnd = ByteSearch.firstIndex(of: .newline, in: span, from: position) ?? span.count
            let header = span.extracting(position..<headerEnd)
            let payloadStart = headerEnd + 1
            guard !header.allSatisfy({ $0 == .space || $0 == .carriageReturn }) else {
                position = payloadStart
                continue
            }
            let payloadEnd = payloadEnd(in: span, from: payloadStart, length: number(after: "\"length\"", in: header))
            if payloadStart < payloadEnd, !isEventItem(header) {
                for index in payloadStart..<payloadEnd where bytes[index] != .newline { bytes[index] = .space }
            }
            position = payloadEnd < span.count && span[payloadEnd] == .newline ? payloadEnd + 1 : payloadEnd
        }
        return bytes
    }

    /// A payload ends at its length, or at the newline after it when the length fell short of
    /// one (a header's length that does not fit its payload); without a length, at the newline.
    private static func payloadEnd(in span: Span<UInt8>, from start: Int, length: Int?) -> Int {
        var end = min(start, span.count)
        if let length {
            end = min(start + length, span.count)
            if end == span.count || span[end] == .newline { return end }
        }
        return ByteSearch.firstIndex(of: .newline, in: span, from: end) ?? span.count
    }

    private static func isEventItem(_ header: Span<UInt8>) -> Bool {
        guard let type = ByteSearch.firstIndex(of: "\"type\"", in: header, from: 0) else { return false }
        var cursor = ByteCursor(header, at: type + 6)
        cursor.skipBlanks()
        guard cursor.skip(.colon) else { return false }
        cursor.skipBlanks()
        return header.extracting(cursor.index...).starts(with: "\"event\"")
    }

    /// The whole number after `key` and its colon, if there is one.
    private static func number(after key: StaticString, in header: Span<UInt8>) -> Int? {
        guard let found = ByteSearch.firstIndex(of: key, in: header, from: 0) else { return nil }
        var cursor = ByteCursor(header, at: found + key.utf8CodeUnitCount)
        cursor.skipBlanks()
        guard cursor.skip(.colon) else { return nil }
        cursor.skipBlanks()
        return cursor.readUnsigned().map { Int($0.value) }
    }
}
