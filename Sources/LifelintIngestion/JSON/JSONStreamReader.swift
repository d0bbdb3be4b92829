@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams the elements of a large JSON document from a file descriptor: the values of a JSON
/// Lines or concatenated-JSON file, the elements of a top-level array, or the elements of an
/// array under a key of a top-level object (`{"traceEvents": [...]}`). Only one element is held
/// at a time, so memory does not grow with the document.
final class JSONStreamReader {
    /// What is buffered from the start of an element on: the element and possibly more. The
    /// reader's client parses it and says how far the element went.
    struct Element {
        let bytes: UnsafeBufferPointer<UInt8>
        let line: Int
        let column: Int
        /// True when nothing follows in the input beyond `bytes`.
        let isAtEndOfInput: Bool
    }

    enum Outcome {
        /// The element took this many bytes.
        case consumed(Int)
        /// The element goes on past the buffered bytes: read more and offer it again.
        case needsMoreInput
        /// The element is invalid at this offset (already reported): reading resumes at the
        /// next place an element can start (see `resynchronize`).
        case invalid(at: Int)
    }

    enum Failure: Error {
        case truncated(line: Int, column: Int, what: String)
        case unexpected(line: Int, column: Int, found: String, expected: String)
        case read(line: Int, reason: String)
        case invalid(line: Int, column: Int, message: String)
    }

    struct Options {
        /// Keys of a top-level object whose array values hold the elements; other members are skipped.
        var arrayKeys: [String] = []
        /// Accept a top-level array that ends without `]` (or after a trailing comma), as the
        /// Chrome trace importer does.
        var tolerateUnclosedArray = false
        /// Skip non-JSON lines before the first value (`log show` writes a preamble).
        var skipPreamble = false
    }

    private let source: any ByteSource
    // The reader is used from one thread, and these are read per element: unchecked, they
    // cost no dynamic exclusivity check each time (`capacity` and `bytesRead` too: each cost
    // two calls per record while checked).
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    private let chunkSize: Int
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var reachedEnd = false
    /// Line and column bookkeeping for `position`.
    @exclusivity(unchecked) private var line = 1
    @exclusivity(unchecked) private var lineStart = 0
    @exclusivity(unchecked) private var discarded = 0
    @exclusivity(unchecked) private(set) var bytesRead = 0
    private(set) var preambleLines = 0

    /// `initial` holds bytes already read from the descriptor (to detect the container).
    convenience init(source: any ByteSource, initial: [UInt8] = [], chunkSize: Int = ReadBuffer.defaultChunkSize) {
        self.init(source: source, initialBytes: initial.span, chunkSize: chunkSize)
    }

    init(source: any ByteSource, initialBytes initial: Span<UInt8>, chunkSize: Int) {
        self.source = source
        self.chunkSize = chunkSize
        (storage, capacity) = ReadBuffer.make(initial: initial, chunkSize: chunkSize)
        end = initial.count
        bytesRead = initial.count
    }

    deinit { storage.deallocate() }

    /// `recovered` hears of failures reading went on after (a JSON Lines record cut short by
    /// the end of the input while later lines start new records); thrown failures end reading.
    func forEachElement(_ options: Options, recovered: (Failure) -> Void = { _ in }, _ body: (Element) -> Outcome) throws(Failure) {
        if options.skipPreamble { try skipPreambleLines() }
        try skipWhitespace()
        guard let first = try peek() else { return }
        switch first {
        case .openBracket:
            try readArray(options, body)
            try expectEndOfDocument()
        case UInt8(ascii: "{") where !options.arrayKeys.isEmpty:
            try readObjectMembers(options, body)
        default:
            try readSequence(body, recovered)
        }
    }

    // MARK: Layouts

    private func readSequence(_ body: (Element) -> Outcome, _ recovered: (Failure) -> Void) throws(Failure) {
        while true {
            try skipWhitespace()
            guard try peek() != nil else { return }
            if try readElement(body, in: .sequence) == .cutShortByTheEnd {
                // A record cut short can run on through the lines after it (an unclosed `[`
                // takes them as its elements): when an unindented line follows, report the
                // truncation and resume there.
                let truncation = failure(truncated: "a value that starts here")
                try skipToNextUnindentedLine()
                guard position < end else { throw truncation }
                recovered(truncation)
            }
        }
    }

    private func readArray(_ options: Options, _ body: (Element) -> Outcome) throws(Failure) {
        position += 1
        var expectingValue = true
        while true {
            try skipWhitespace()
            guard let byte = try peek() else {
                if options.tolerateUnclosedArray { return }
                throw failure(truncated: "the array (no closing ']')")
            }
            switch byte {
            case .closeBracket:
                position += 1
                return
            case .comma where !expectingValue:
                position += 1
                expectingValue = true
            default:
                guard expectingValue else { throw unexpected(byte, expected: "',' or ']'") }
                // After an invalid element reading resumes at the start of the next one.
                expectingValue = try readElement(body, in: .array) == .resynchronized
            }
        }
    }

    private func readObjectMembers(_ options: Options, _ body: (Element) -> Outcome) throws(Failure) {
        position += 1
        while true {
            try skipWhitespace()
            guard let byte = try peek() else { throw failure(truncated: "the top-level object") }
            if byte == UInt8(ascii: "}") {
                position += 1
                try expectEndOfDocument()
                return
            }
            if byte == .comma {
                position += 1
                continue
            }
            guard byte == .quote else { throw unexpected(byte, expected: "a key") }
            let key = try frameValue()
            let name = try decodeKey(key)
            advance(to: key.upperBound)
            try skipWhitespace()
            guard try peek() == .colon else { throw unexpected(try peek(), expected: "':'") }
            position += 1
            try skipWhitespace()
            if options.arrayKeys.contains(name), try peek() == .openBracket {
                try readArray(Options(tolerateUnclosedArray: options.tolerateUnclosedArray), body)
                if options.tolerateUnclosedArray, try peek() == nil { return }
            } else {
                advance(to: try frameValue().upperBound)
            }
        }
    }

    private enum Layout {
        /// JSON Lines or concatenated values.
        case sequence
        case array
    }

    private enum ElementEnd {
        /// After the element, where a separator or the end is expected.
        case afterElement
        /// At the start of another element (or the end), after an invalid one.
        case resynchronized
        /// Still at the element's start: it goes on to the end of the input (a sequence's
        /// element only; an array's is a thrown truncation).
        case cutShortByTheEnd
    }

    /// Offers the client everything buffered from the element's start; the client parses the
    /// element in place (one pass: the reader does not frame it first).
    private func readElement(_ body: (Element) -> Outcome, in layout: Layout) throws(Failure) -> ElementEnd {
        while true {
            let element = Element(
                bytes: UnsafeBufferPointer(start: storage + position, count: end - position), line: line, column: column,
                isAtEndOfInput: reachedEnd)
            switch body(element) {
            case let .consumed(count):
                advance(to: position + count)
                return .afterElement
            case .needsMoreInput:
                if reachedEnd {
                    guard layout == .sequence else { throw failure(truncated: "a value that starts here") }
                    return .cutShortByTheEnd
                }
                try makeRoomAndFill()
            case let .invalid(offset):
                try resynchronize(after: offset, in: layout)
                return .resynchronized
            }
        }
    }

    // MARK: Resynchronizing

    /// Moves past an invalid element to where the next one starts. Counting brackets cannot
    /// find the end of a damaged element (one lost quote turns the rest of the file inside
    /// out, and the count never returns to zero), so each layout looks for what starts an
    /// element instead: see decision 0012. Bytes passed are discarded as the scan goes, so a
    /// damaged file is skipped in bounded memory.
    private func resynchronize(after errorOffset: Int, in layout: Layout) throws(Failure) {
        switch layout {
        case .sequence: try skipToNextUnindentedLine()
        case .array: try skipToNextArrayElement(from: position + min(errorOffset, end - position))
        }
    }

    /// JSON Lines: the next line that does not start with whitespace. A raw newline cannot occur
    /// inside a JSON string, so a damaged record cannot swallow the lines after it, and
    /// pretty-printed values indent their inner lines (skipped with the value's one error).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn
    }

    private func skipToNextUnindentedLine() throws(Failure) {
        var scanned = position + 1
        while true {
            while scanned < end, let found = memchr(storage + scanned, Int32(UInt8.newline), end - scanned) {
                let newline = UnsafeMutablePointer(found.assumingMemoryBound(to: UInt8.self)) - storage
                guard newline + 1 < end else { break }
                if !Self.isWhitespace(storage[newline + 1]) {
                    advance(to: newline + 1)
                    return
                }
                scanned = newline + 1
            }
            // Keep the last byte: when it is a newline, the byte after it decides.
            advance(to: max(position, end - 1))
            guard !reachedEnd else {
                advance(to: end)
                return
            }
            try makeRoomAndFill()
            scanned = position
        }
    }

    /// An array: the next `{` after a `,` (elements of event arrays are objects), or a `]` that
    /// may close the array. The last `]` seen is kept in the buffer (up to one read's worth of
    /// bytes after it) so that an array whose last element is damaged still closes.
    private func skipToNextArrayElement(from start: Int) throws(Failure) {
        var scanned = start
        var afterComma = false
        var holdingClose = false
        while true {
            while scanned < end {
                switch storage[scanned] {
                case UInt8(ascii: "{") where afterComma:
                    advance(to: scanned)
                    return
                case .comma:
                    afterComma = true
                case .closeBracket:
                    advance(to: scanned)
                    holdingClose = true
                    afterComma = false
                case let byte where Self.isWhitespace(byte):
                    break
                default:
                    afterComma = false
                }
                scanned += 1
            }
            if reachedEnd {
                if !holdingClose { advance(to: end) }
                return
            }
            if !holdingClose || scanned - position > chunkSize {
                holdingClose = false
                advance(to: scanned)
            }
            let offset = scanned - position
            try makeRoomAndFill()
            scanned = position + offset
        }
    }

    // MARK: Framing

    /// The range of the complete value starting at `position`, reading more input as needed.
    /// Strings and nesting are tracked but not validated: the element parser does that.
    private func frameValue() throws(Failure) -> Range<Int> {
        var scanned = position
        var depth = 0
        var inString = false
        var escaped = false
        let first = storage[position]
        let isScalar = first != .quote && first != .openBracket && first != UInt8(ascii: "{")
        while true {
            // Locals, not properties, in the loop: no exclusivity checks per byte.
            let bytes = storage
            let limit = end
            let start = position
            while scanned < limit {
                let byte = bytes[scanned]
                scanned += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == .backslash {
                        escaped = true
                    } else if byte == .quote {
                        inString = false
                        if depth == 0 { return start..<scanned }
                    }
                    continue
                }
                switch byte {
                case .quote:
                    inString = true
                case .openBracket, UInt8(ascii: "{"):
                    depth += 1
                case .closeBracket, UInt8(ascii: "}"):
                    if isScalar { return Self.scalar(start, endingBefore: scanned - 1) }
                    depth -= 1
                    if depth == 0 { return start..<scanned }
                case .space, .tab, .newline, .carriageReturn, .comma:
                    if isScalar { return Self.scalar(start, endingBefore: scanned - 1) }
                default:
                    break
                }
            }
            if reachedEnd {
                if isScalar { return position..<end }
                throw failure(truncated: "a value that starts here")
            }
            let offset = scanned - position
            try makeRoomAndFill()
            scanned = position + offset
        }
    }

    /// A stray scalar's range; a delimiter where a value should start (`]`, `}`, `,`) is
    /// skipped on its own, so framing always moves forward.
    private static func scalar(_ start: Int, endingBefore delimiter: Int) -> Range<Int> {
        start..<max(delimiter, start + 1)
    }

    // MARK: Buffer

    private func peek() throws(Failure) -> UInt8? {
        if position >= end {
            if reachedEnd { return nil }
            try makeRoomAndFill()
            if position >= end { return nil }
        }
        return storage[position]
    }

    private func skipWhitespace() throws(Failure) {
        while let byte = try peek() {
            switch byte {
            case .space, .tab, .carriageReturn: position += 1
            case .newline: advance(to: position + 1)
            default: return
            }
        }
    }

    private func skipPreambleLines() throws(Failure) {
        while let byte = try peek(), byte != .openBracket, byte != UInt8(ascii: "{") {
            if byte == .newline || byte == .space || byte == .tab || byte == .carriageReturn {
                try skipWhitespace()
                continue
            }
            preambleLines += 1
            while let byte = try peek(), byte != .newline { position += 1 }
        }
    }

    private func expectEndOfDocument() throws(Failure) {
        try skipWhitespace()
        if let byte = try peek() { throw unexpected(byte, expected: "the end of the document") }
    }

    /// Moves `position` forward, counting the newlines passed.
    private func advance(to target: Int) {
        var cursor = position
        while cursor < target, let found = memchr(storage + cursor, Int32(UInt8.newline), target - cursor) {
            let offset = UnsafeMutablePointer(found.assumingMemoryBound(to: UInt8.self)) - storage
            line += 1
            lineStart = discarded + offset + 1
            cursor = offset + 1
        }
        position = target
    }

    private var column: Int { discarded + position - lineStart + 1 }

    private func makeRoomAndFill() throws(Failure) {
        discarded += ReadBuffer.compact(storage, start: &position, end: &end)
        if end == capacity { ReadBuffer.grow(&storage, capacity: &capacity, used: end) }
        let count: Int
        do {
            count = try ReadBuffer.readMore(from: source, into: storage, capacity: capacity, end: &end)
        } catch {
            throw .read(line: line, reason: error.message)
        }
        bytesRead += count
        reachedEnd = count == 0
    }

    private func decodeKey(_ range: Range<Int>) throws(Failure) -> String {
        do {
            return try JSONElementParser.decodeCheckedString(UnsafeBufferPointer(start: storage, count: end), range)
        } catch {
            throw .invalid(line: line, column: column, message: "a key that is not a valid string (\(error.message))")
        }
    }

    private func failure(truncated what: String) -> Failure {
        .truncated(line: line, column: column, what: what)
    }

    private func unexpected(_ byte: UInt8?, expected: String) -> Failure {
        let found = byte.map { "'\(Character(UnicodeScalar($0)))'" } ?? "the end of the file"
        return .unexpected(line: line, column: column, found: found, expected: expected)
    }
}
