import LifelintModel

/// Decoding helpers shared by the rule file types: lists written as one value or many, and
/// strict key checking so a misspelt key is an error rather than a silently ignored clause.
package struct AnyCodingKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?
    package init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }
    package init?(intValue: Int) { self.init(index: intValue) }
    package init(index: Int) {
        stringValue = String(index)
        intValue = index
    }
}

extension Decoder {
    package func rejectUnknownKeys(allowed: Set<String>) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                .init(
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

extension DecodingError {
    /// Where in the document the error is (`match[1].expect.within`) and what was wrong there,
    /// in the words of the files' other errors.
    package var located: (keyPath: String, reason: String) {
        func keyPath(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        switch self {
        case let .keyNotFound(key, context): return (keyPath(context.codingPath), "missing key '\(key.stringValue)'")
        case let .typeMismatch(type, context): return (keyPath(context.codingPath), "expected \(Self.describe(type))")
        case let .valueNotFound(type, context): return (keyPath(context.codingPath), "expected \(Self.describe(type)), found null")
        case let .dataCorrupted(context):
            return (keyPath(context.codingPath), context.underlyingError == nil ? context.debugDescription : "not valid JSON")
        @unknown default: return ("", "\(self)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type: "a number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "\(type)".contains("Array") ? "a list" : "an object"
        }
    }
}
