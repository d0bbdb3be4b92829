/// An object's members, listed once, for repeated lookups by key.
struct JSONObject {
    let value: JSONValue
    let members: [JSONElementParser.Member]
    /// The members of object-valued members, in document order, when the parser listed them.
    private let nestedMembers: [JSONElementParser.Member]?

    init?(_ value: JSONValue?) {
        guard let value, value.kind == .object else { return nil }
        self.value = value
        members = value.children()
        nestedMembers = nil
    }

    /// A record whose members (and their objects' members) the parser already listed.
    init(_ value: JSONValue, members: [JSONElementParser.Member], nestedMembers: [JSONElementParser.Member]) {
        self.value = value
        self.members = members
        self.nestedMembers = nestedMembers
    }

    /// The members of `member`, an object-valued member of this object, without parsing it
    /// again when the parser listed them.
    func members(of member: JSONValue) -> ArraySlice<JSONElementParser.Member> {
        guard let nestedMembers else { return member.children()[...] }
        guard let first = nestedMembers.firstIndex(where: { $0.key.lowerBound > member.range.lowerBound }) else { return [] }
        var end = first
        while end < nestedMembers.count, nestedMembers[end].key.lowerBound < member.range.upperBound { end += 1 }
        return nestedMembers[first..<end]
    }

    subscript(key: StaticString) -> JSONValue? {
        let count = key.utf8CodeUnitCount
        let base = value.bytes.baseAddress!
        for member in members where member.key.count == count + 2 {
            if memcmp(base + member.key.lowerBound + 1, key.utf8Start, count) == 0 { return member.value }
        }
        return nil
    }

    /// Finds several keys in one pass over the members (each record is read once, not once
    /// per key). `keys`' key i's value lands in the result's position i; the first of
    /// repeated keys wins.
    func values<let count: Int>(_ keys: JSONKeyTable<count>) -> InlineArray<count, JSONValue?> {
        var found = InlineArray<count, JSONValue?>(repeating: nil)
        let base = value.bytes.baseAddress!
        for member in members {
            guard let index = keys.index(of: base + member.key.lowerBound + 1, length: member.key.count - 2), found[index] == nil else { continue }
            found[index] = member.value
        }
        return found
    }

    /// Members as decoded key and scalar text (objects, arrays and nulls left out).
    var scalarMembers: [(key: String, value: String)] {
        members.compactMap { member in
            member.value.scalarText.map { (JSONElementParser.decodeString(value.bytes, member.key), $0) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
