import LifelintModel

/// Decoding helpers shared by the rule file types: lists written as one value or many, and
/// strict key checking so a misspelt key is an error rather than a silently ignored clause.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }
    init?(intValue: Int) { self.init(index: intValue) }
    init(index: Int) {
        stringValue = String(index)
        intValue = index
    }
}

extension Decoder {
    func rejectUnknownKeys(allowed: Set<String>) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)'; expected one of: \(allowed.sorted().joined(separator: ", "))"))
        }
    }
}

extension KeyedDecodingContainer {
    /// A value or a list of values.
    func decodeList<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws -> [Element] {
        if (try? nestedUnkeyedContainer(forKey: key)) != nil { return try decode([Element].self, forKey: key) }
        return [try decode(Element.self, forKey: key)]
    }

    func decodeListIfPresent<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws -> [Element] {
        contains(key) ? try decodeList(type, forKey: key) : []
    }
}
