import Foundation
import LifelintModel

/// A value of a small JSON document (configuration, baseline) with its key path, so that every
/// type error names where it is: `mappings[2].message.regex: expected a string, found a number`.
package struct JSONNode {
    let value: Any
    let path: String
    let keyPath: String

    package static func load(path: String, limit: Int = SmallFile.configurationLimit) throws(ConfigurationError) -> JSONNode {
        let data: Data
        switch SmallFile.read(path, limit: limit) {
        case let .success(bytes): data = bytes
        case let .failure(refusal): throw .unreadable(path: path, reason: refusal.reason)
        }
        do {
            return JSONNode(value: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), path: path, keyPath: "")
        } catch {
            throw .invalidJSON(path: path, reason: JSONSyntaxPosition.describe(JSONSyntaxPosition.message(of: error), in: data))
        }
    }

    func fail(_ message: String) -> ConfigurationError { .invalid(path: path, keyPath: keyPath, message: message) }

    /// An object, after checking it has no keys outside `allowed`.
    package func object(allowing allowed: Set<String>) throws(ConfigurationError) -> JSONObjectNode {
        guard let members = value as? [String: Any] else { throw fail("expected an object, found \(kind)") }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            let child = child(unknown)
            throw child.fail("unknown key (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
        return JSONObjectNode(node: self, members: members)
    }

    /// An object whose keys are free (ids, names), as key and value pairs sorted by key.
    func dictionary() throws(ConfigurationError) -> [(key: String, value: JSONNode)] {
        guard let members = value as? [String: Any] else { throw fail("expected an object, found \(kind)") }
        return members.keys.sorted().map { ($0, child($0)) }
    }

    package func array() throws(ConfigurationError) -> [JSONNode] {
        guard let elements = value as? [Any] else { throw fail("expected an array, found \(kind)") }
        return elements.indices.map { JSONNode(value: elements[$0], path: path, keyPath: "\(keyPath)[\($0)]") }
    }

    package func string() throws(ConfigurationError) -> String {
        guard let text = value as? String else { throw fail("expected a string, found \(kind)") }
        return text
    }

    func strings() throws(ConfigurationError) -> [String] {
        try array().map { (node) throws(ConfigurationError) in try node.string() }
    }

    package func integer(minimum: Int = .min) throws(ConfigurationError) -> Int {
        guard let number = value as? NSNumber, !Self.isBoolean(number), let integer = Int(exactly: number.doubleValue) else {
            throw fail("expected a whole number, found \(kind)")
        }
        guard integer >= minimum else { throw fail("must be at least \(minimum), found \(integer)") }
        return integer
    }

    func child(_ key: String) -> JSONNode {
        let members = value as? [String: Any]
        return JSONNode(value: members?[key] ?? NSNull(), path: path, keyPath: keyPath.isEmpty ? key : "\(keyPath).\(key)")
    }

    var kind: String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case let number as NSNumber: Self.isBoolean(number) ? "a boolean" : "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "a value"
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
}

/// An object of a `JSONNode` document whose keys were checked.
package struct JSONObjectNode {
    let node: JSONNode
    let members: [String: Any]

    package func optional(_ key: String) -> JSONNode? {
        guard let value = members[key], !(value is NSNull) else { return nil }
        return node.child(key)
    }

    package func required(_ key: String) throws(ConfigurationError) -> JSONNode {
        guard let child = optional(key) else { throw node.child(key).fail("missing") }
        return child
    }
}
