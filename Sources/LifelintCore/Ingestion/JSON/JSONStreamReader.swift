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
        /// The element is invalid (already reported): skip it by framing.
        case skip
    }

    enum Failure: Error {
        case truncated(line: Int, column: Int, what: String)
        case unexpected(line: Int, column: Int, found: String, expected: String)
        case read(line: Int, reason: String)
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
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var position = 0
    private var end = 0
    private var reachedEnd = false
    /// Line and column bookkeeping for `position`.
    private var line = 1
    private var lineStart = 0
    private var discarded = 0
    private(set) var bytesRead = 0
    private(set) var preambleLines = 0

    /// `initial` holds bytes already read from the descriptor (to detect the container).
    init(source: any ByteSource, initial: [UInt8] = [], chunkSize: Int = 1 << 20) {
        self.source = source
        (storage, capacity) = ReadBuffer.make(initial: initial, chunkSize: chunkSize)
        end = initial.count
        bytesRead = initial.count
    }

    deinit { storage.deallocate() }

    func forEachElement(_ options: Options, _ body: (Element) -> Outcome) throws(Failure) {
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
            try readSequence(body)
        }
    }

    // MARK: Layouts

    private func readSequence(_ body: (Element) -> Outcome) throws(Failure) {
        while true {
            try skipWhitespace()
            guard try peek() != nil else { return }
            try readElement(body)
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
                try readElement(body)
                expectingValue = false
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
            let name = JSONElementParser.decodeString(UnsafeBufferPointer(start: storage, count: end), key)
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

    /// Offers the client everything buffered from the element's start; the client parses the
    /// element in place (one pass: the reader does not frame it first). Only an invalid element
    /// is framed, to skip it.
    private func readElement(_ body: (Element) -> Outcome) throws(Failure) {
        while true {
            let element = Element(
                bytes: UnsafeBufferPointer(start: storage + position, count: end - position), line: line, column: column,
                isAtEndOfInput: reachedEnd)
            switch body(element) {
            case let .consumed(count):
                advance(to: position + count)
                return
            case .needsMoreInput:
                guard !reachedEnd else { throw failure(truncated: "a value that starts here") }
                try makeRoomAndFill()
            case .skip:
                advance(to: try frameValue().upperBound)
                return
            }
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
        if position > 0 {
            memmove(storage, storage + position, end - position)
            discarded += position
            end -= position
            position = 0
        }
        if end == capacity { ReadBuffer.grow(&storage, capacity: &capacity, used: end) }
        let count: Int
        do {
            count = try source.read(into: storage + end, count: capacity - end)
        } catch {
            throw .read(line: line, reason: error.message)
        }
        end += count
        bytesRead += count
        reachedEnd = count == 0
    }

    private func failure(truncated what: String) -> Failure {
        .truncated(line: line, column: column, what: what)
    }

    private func unexpected(_ byte: UInt8?, expected: String) -> Failure {
        let found = byte.map { "'\(Character(UnicodeScalar($0)))'" } ?? "the end of the file"
        return .unexpected(line: line, column: column, found: found, expected: expected)
    }
}
