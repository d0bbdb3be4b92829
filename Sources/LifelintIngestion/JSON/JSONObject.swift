import LifelintModel

/// An object's members, listed once, for repeated lookups by key. Like `JSONValue`, a view
/// valid while the record's bytes (and the parser's member lists) are.
struct JSONObject {
    typealias Member = JSONElementParser.Member

    let value: JSONValue
    private let listed: UnsafeBufferPointer<Member>
    /// The members of object-valued members, in document order, when the parser listed them.
    private let nestedMembers: UnsafeBufferPointer<Member>?
    /// Members listed here (for an object the parser did not list): `listed` is empty then.
    private let owned: [Member]
    /// The parser saw no escape in the record: its strings' raw bytes are their text.
    let isEscapeFree: Bool

    init?(_ value: JSONValue?) {
        guard let value, value.kind == .object else { return nil }
        self.value = value
        listed = UnsafeBufferPointer(start: nil, count: 0)
        owned = value.children()
        nestedMembers = nil
        isEscapeFree = false
    }

    /// A record whose members (and their objects' members) the parser already listed.
    init(_ value: JSONValue, members: UnsafeBufferPointer<Member>, nestedMembers: UnsafeBufferPointer<Member>, isEscapeFree: Bool) {
        self.value = value
        listed = members
        self.nestedMembers = nestedMembers
        owned = []
        self.isEscapeFree = isEscapeFree
    }

    /// `value.rawStringBytes`, without looking for a backslash when the record has none.
    @inline(__always)
    func rawStringBytes(of value: JSONValue) -> UnsafeBufferPointer<UInt8>? {
        value.rawStringBytes(escapeFree: isEscapeFree)
    }

    func withMembers<Result>(_ body: (UnsafeBufferPointer<Member>) -> Result) -> Result {
        owned.isEmpty ? body(listed) : owned.withUnsafeBufferPointer(body)
    }

    /// The members of `member`, an object-valued member of this object, without parsing it
    /// again when the parser listed them.
    func withMembers<Result>(of member: JSONValue, _ body: (UnsafeBufferPointer<Member>) -> Result) -> Result {
        guard let nestedMembers else { return member.children().withUnsafeBufferPointer(body) }
        var first = 0
        while first < nestedMembers.count, nestedMembers[first].key.lowerBound < member.range.lowerBound { first += 1 }
        var end = first
        while end < nestedMembers.count, nestedMembers[end].key.lowerBound < member.range.upperBound { end += 1 }
        return body(UnsafeBufferPointer(rebasing: nestedMembers[first..<end]))
    }

    subscript(key: StaticString) -> JSONValue? {
        let count = key.utf8CodeUnitCount
        let base = value.bytes.baseAddress!
        return withMembers { members in
            members.first { $0.key.count == count + 2 && memcmp(base + $0.key.lowerBound + 1, key.utf8Start, count) == 0 }?.value
        }
    }

    /// Finds several keys in one pass over the members (each record is read once, not once
    /// per key). `keys`' key i's value lands in the result's position i; `repeated` is the
    /// index of the first of `keys` the record gives twice (the first value is kept).
    func values<let count: Int>(_ keys: JSONKeyTable<count>) -> (found: InlineArray<count, JSONValue?>, repeated: Int?) {
        var found = InlineArray<count, JSONValue?>(repeating: nil)
        var repeated: Int?
        let base = value.bytes.baseAddress!
        withMembers { members in
            for member in members {
                guard let index = keys.index(of: base + member.key.lowerBound + 1, length: member.key.count - 2) else { continue }
                guard found[index] == nil else {
                    if repeated == nil { repeated = index }
                    continue
                }
                found[index] = member.value
            }
        }
        return (found, repeated)
    }

    /// Members as decoded key and scalar text (objects, arrays and nulls left out).
    var scalarMembers: [(key: String, value: String)] {
        withMembers { members in
            members.compactMap { member in
                member.value.scalarText.map { (JSONElementParser.decodeString(value.bytes, member.key), $0) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
