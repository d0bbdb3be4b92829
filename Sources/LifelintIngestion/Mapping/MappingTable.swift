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
    func mayMatch(tag: UnsafeBufferPointer<UInt8>) -> Bool {
        if hasUntaggedMapping { return true }
        guard tagLengths & (1 << UInt64(min(tag.count, 63))) != 0 else { return false }
        return compiled.contains { $0.tag.map { Self.equal($0, tag) } ?? true }
    }

    /// The first mapping that matches the line, with the event's attributes.
    mutating func match(tag: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>) -> Match? {
        for entry in compiled {
            if let expected = entry.tag, !Self.equal(expected, tag) { continue }
            guard let (rest, captures) = test(entry.test, message) else { continue }
            var attributes = Attributes()
            var text = Substring(decoding: rest, as: UTF8.self)
            text.withUTF8 { InstrumentationMessage.add(keyValuePairsIn: $0, to: &attributes) }
            for (name, value) in captures { attributes[name] = value }
            for item in entry.mapping.attributes { attributes[item.key] = item.value }
            return Match(event: entry.mapping.event, attributes: attributes, platform: entry.mapping.platform)
        }
        return nil
    }

    /// Where the rest of the message starts, and the named groups' text, when it matches.
    private mutating func test(_ test: Test, _ message: UnsafeBufferPointer<UInt8>) -> (rest: UnsafeBufferPointer<UInt8>, captures: [(String, String)])? {
        switch test {
        case .any:
            return (message, [])
        case let .prefix(prefix):
            guard message.count >= prefix.count, Self.equal(prefix, UnsafeBufferPointer(rebasing: message[..<prefix.count])) else { return nil }
            return (UnsafeBufferPointer(rebasing: message[prefix.count...]), [])
        case let .contains(needle):
            guard let found = needle.withUnsafeBufferPointer({ ByteSearch.firstIndex(of: $0, in: message, from: 0) }) else { return nil }
            return (UnsafeBufferPointer(rebasing: message[(found + needle.count)...]), [])
        case let .regex(expression, requiredLiteral):
            if let requiredLiteral, requiredLiteral.withUnsafeBufferPointer({ ByteSearch.firstIndex(of: $0, in: message, from: 0) }) == nil { return nil }
            scratch.removeAll(keepingCapacity: true)
            let subject = UnsafeBufferPointer(rebasing: message.prefix(RegularExpression.maximumSubjectLength))
            scratch.reserveCapacity(subject.count + 1)
            for byte in subject { scratch.append(CChar(bitPattern: byte == 0 ? 0x20 : byte)) }
            scratch.append(0)
            guard let found = scratch.withUnsafeBufferPointer({ expression.match($0.baseAddress!, cut: subject.count < message.count) }) else { return nil }
            var captures: [(String, String)] = []
            for (name, range) in zip(expression.groupNames, found.groups) {
                guard let name, let range else { continue }
                captures.append((name, message.text(range)))
            }
            return (UnsafeBufferPointer(rebasing: message[found.whole.upperBound...]), captures)
        }
    }

    private static func equal(_ expected: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        expected.count == bytes.count && (bytes.isEmpty || expected.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
    }
}
