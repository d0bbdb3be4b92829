@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mappings that apply to one container, compiled for the line readers' hot path: tags and
/// literal texts as bytes compared with `memcmp`, a line whose tag no mapping names turned away
/// by its length, and each regular expression guarded by a literal it requires (found with
/// `memchr` before `regexec` runs). Only mappings without a tag look at every line's message.
struct MappingTable {
    struct Match {
        let event: String
        let attributes: Attributes
        let platform: Platform?
    }

    private enum Test {
        case any
        case prefix([UInt8])
        case contains([UInt8])
        case regex(RegularExpression, requiredLiteral: [UInt8]?)
    }

    private struct Compiled {
        let mapping: LineMapping
        let tag: [UInt8]?
        let test: Test
    }

    private let compiled: [Compiled]
    /// Bit n set when some mapping's tag is n bytes long (n < 63); longer tags set bit 63.
    private let tagLengths: UInt64
    private let hasUntaggedMapping: Bool
    /// A NUL-terminated copy of the message for `regexec`, reused across lines.
    private var scratch: [CChar] = []

    init(_ all: [LineMapping], container: LineMapping.Container) {
        compiled = all.filter { $0.container == nil || $0.container == container }.map { mapping in
            let test: Test =
                switch mapping.message {
                case .any: .any
                case let .prefix(text): .prefix(Array(text.utf8))
                case let .contains(text): .contains(Array(text.utf8))
                case let .regex(expression): .regex(expression, requiredLiteral: expression.requiredLiteral)
                }
            return Compiled(mapping: mapping, tag: mapping.tag.map { Array($0.utf8) }, test: test)
        }
        tagLengths = compiled.reduce(0) { bits, entry in bits | (entry.tag.map { 1 << UInt64(min($0.count, 63)) } ?? 0) }
        hasUntaggedMapping = compiled.contains { $0.tag == nil }
    }

    var isEmpty: Bool { compiled.isEmpty }

    /// Whether a line with this tag could match a mapping (decided on bytes).
    func mayMatch(tag: Span<UInt8>) -> Bool {
        if hasUntaggedMapping { return true }
        guard tagLengths & (1 << UInt64(min(tag.count, 63))) != 0 else { return false }
        return compiled.contains { $0.tag.map { Self.equal($0, tag) } ?? true }
    }

    /// The first mapping that matches the line, with the event's attributes.
    mutating func match(tag: Span<UInt8>, message: Span<UInt8>) -> Match? {
        for entry in compiled {
            if let expected = entry.tag, !Self.equal(expected, tag) { continue }
            guard let (rest, captures) = test(entry.test, message) else { continue }
            var attributes = Attributes()
            InstrumentationMessage.add(keyValuePairsIn: rest, to: &attributes)
            for (name, value) in captures { attributes[name] = value }
            for item in entry.mapping.attributes { attributes[item.key] = item.value }
            return Match(event: entry.mapping.event, attributes: attributes, platform: entry.mapping.platform)
        }
        return nil
    }

    /// The first mapping that matches a tag and message held as strings.
    mutating func match(tag: String, message: String) -> Match? {
        mayMatch(tag: tag.utf8.span) ? match(tag: tag.utf8.span, message: message.utf8.span) : nil
    }

    /// Where the rest of the message starts, and the named groups' text, when it matches.
    @_lifetime(copy message)
    private mutating func test(_ test: Test, _ message: Span<UInt8>) -> (rest: Span<UInt8>, captures: [(String, String)])? {
        switch test {
        case .any:
            return (message, [])
        case let .prefix(prefix):
            guard message.count >= prefix.count, Self.equal(prefix, message.extracting(..<prefix.count)) else { return nil }
            return (message.extracting(prefix.count...), [])
        case let .contains(needle):
            guard let found = ByteSearch.firstIndex(of: needle.span, in: message, from: 0) else { return nil }
            return (message.extracting((found + needle.count)...), [])
        case let .regex(expression, requiredLiteral):
            if let requiredLiteral, ByteSearch.firstIndex(of: requiredLiteral.span, in: message, from: 0) == nil { return nil }
            scratch.removeAll(keepingCapacity: true)
            let subjectCount = min(message.count, RegularExpression.maximumSubjectLength)
            scratch.reserveCapacity(subjectCount + 1)
            for index in 0..<subjectCount { scratch.append(CChar(bitPattern: message[index] == 0 ? 0x20 : message[index])) }
            scratch.append(0)
            guard let found = expression.match(scratch, cut: subjectCount < message.count) else { return nil }
            var captures: [(String, String)] = []
            for (name, range) in zip(expression.groupNames, found.groups) {
                guard let name, let range else { continue }
                captures.append((name, message.text(range)))
            }
            return (message.extracting(found.whole.upperBound...), captures)
        }
    }

    private static func equal(_ expected: [UInt8], _ bytes: Span<UInt8>) -> Bool {
        bytes.equals(expected.span)
    }
}
