#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mappings that apply to one container, arranged for the line readers' hot path: a line
/// whose tag no mapping names is turned away by its length and a byte comparison, so literal
/// mappings cost next to nothing on the lines they do not match. Only mappings without a tag
/// look at every line's message.
struct MappingTable {
    struct Match {
        let event: String
        let attributes: Attributes
        let platform: Platform?
    }

    private let mappings: [LineMapping]
    private let tags: [[UInt8]]
    /// Bit n set when some mapping's tag is n bytes long (n < 64); longer tags set bit 63.
    private let tagLengths: UInt64
    private let hasUntaggedMapping: Bool
    /// A NUL-terminated copy of the message for `regexec`, reused across lines.
    private var scratch: [CChar] = []

    init(_ all: [LineMapping], container: LineMapping.Container) {
        mappings = all.filter { $0.container == nil || $0.container == container }
        tags = mappings.compactMap { $0.tag.map { Array($0.utf8) } }
        tagLengths = tags.reduce(0) { $0 | (1 << UInt64(min($1.count, 63))) }
        hasUntaggedMapping = mappings.contains { $0.tag == nil }
    }

    var isEmpty: Bool { mappings.isEmpty }

    /// Whether a line with this tag could match a mapping (decided on bytes).
    func mayMatch(tag: UnsafeBufferPointer<UInt8>) -> Bool {
        if hasUntaggedMapping { return true }
        guard tagLengths & (1 << UInt64(min(tag.count, 63))) != 0 else { return false }
        return tags.contains { $0.count == tag.count && $0.withUnsafeBufferPointer { memcmp($0.baseAddress!, tag.baseAddress!, tag.count) == 0 } }
    }

    /// The first mapping that matches the line, with the event's attributes.
    mutating func match(tag: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>) -> Match? {
        for mapping in mappings {
            if let name = mapping.tag {
                guard name.utf8.count == tag.count, name.utf8.elementsEqual(tag) else { continue }
            }
            guard let (rest, captures) = matchMessage(mapping.message, message) else { continue }
            var attributes = Attributes()
            InstrumentationMessage.add(keyValuePairsIn: Substring(decoding: rest, as: UTF8.self).utf8[...], to: &attributes)
            for (name, value) in captures { attributes[name] = value }
            for entry in mapping.attributes { attributes[entry.key] = entry.value }
            return Match(event: mapping.event, attributes: attributes, platform: mapping.platform)
        }
        return nil
    }

    /// Where the rest of the message starts, and the named groups' text, when it matches.
    private mutating func matchMessage(
        _ match: LineMapping.MessageMatch, _ message: UnsafeBufferPointer<UInt8>
    ) -> (rest: UnsafeBufferPointer<UInt8>, captures: [(String, String)])? {
        switch match {
        case .any:
            return (message, [])
        case let .prefix(prefix):
            guard message.count >= prefix.utf8.count, prefix.utf8.elementsEqual(message.prefix(prefix.utf8.count)) else { return nil }
            return (UnsafeBufferPointer(rebasing: message[prefix.utf8.count...]), [])
        case let .contains(text):
            let needle = Array(text.utf8)
            guard let found = needle.withUnsafeBufferPointer({ ByteSearch.firstIndex(of: $0, in: message, from: 0) }) else { return nil }
            return (UnsafeBufferPointer(rebasing: message[(found + needle.count)...]), [])
        case let .regex(expression):
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: message.lazy.map { CChar(bitPattern: $0 == 0 ? 0x20 : $0) })
            scratch.append(0)
            guard let found = scratch.withUnsafeBufferPointer({ expression.match($0.baseAddress!) }) else { return nil }
            var captures: [(String, String)] = []
            for (name, range) in zip(expression.groupNames, found.groups) {
                guard let name, let range else { continue }
                captures.append((name, String(decoding: UnsafeBufferPointer(rebasing: message[range]), as: UTF8.self)))
            }
            return (UnsafeBufferPointer(rebasing: message[found.whole.upperBound...]), captures)
        }
    }
}
