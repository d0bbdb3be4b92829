import Foundation

/// A small JSON Schema (2020-12) validator for the keywords lifelint's schemas use: `$ref`
/// (local), `type`, `required`, `properties`, `additionalProperties`, `items`, `enum`, `const`,
/// `oneOf`, `minItems`, `minProperties`, `minimum`, `pattern`. Enough to keep the published
/// schemas and the real documents in step; it returns every violation with its path.
struct JSONSchemaValidator {
    let root: [String: Any]

    init(path: String) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    func validate(_ value: Any) -> [String] { errors(value, root, "$") }

    /// Validates against one of the schema's `$defs`.
    func validate(_ value: Any, definition: String) -> [String] { errors(value, ["$ref": "#/$defs/\(definition)"], "$") }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/$defs/") else { return schema }
        let name = String(reference.dropFirst("#/$defs/".count))
        return resolve((root["$defs"] as! [String: Any])[name] as! [String: Any])
    }

    private func errors(_ value: Any, _ rawSchema: [String: Any], _ path: String) -> [String] {
        let schema = resolve(rawSchema)
        var found: [String] = []
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as! String]
            if !allowed.contains(where: { Self.isType(value, $0) }) { return ["\(path): expected \(allowed.joined(separator: "|"))"] }
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) { found.append("\(path): not one of \(options)") }
        if let constant = schema["const"], !Self.equal(constant, value) { found.append("\(path): expected \(constant)") }
        if let pattern = schema["pattern"] as? String, let text = value as? String,
            text.range(of: pattern, options: .regularExpression) == nil { found.append("\(path): '\(text)' does not match \(pattern)") }
        if let minimum = schema["minimum"] as? Double, let number = value as? Double, number < minimum { found.append("\(path): below \(minimum)") }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matching = options.filter { errors(value, $0, path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of the oneOf alternatives, not exactly one") }
        }
        if let object = value as? [String: Any], !(value is NSNull) {
            found += objectErrors(object, schema, path)
        }
        if let array = value as? [Any] {
            if let minimum = schema["minItems"] as? Int, array.count < minimum { found.append("\(path): fewer than \(minimum) items") }
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() { found += errors(item, items, "\(path)[\(index)]") }
            }
        }
        return found
    }

    private func objectErrors(_ object: [String: Any], _ schema: [String: Any], _ path: String) -> [String] {
        var found: [String] = []
        for key in schema["required"] as? [String] ?? [] where object[key] == nil { found.append("\(path): missing '\(key)'") }
        if let minimum = schema["minProperties"] as? Int, object.count < minimum { found.append("\(path): fewer than \(minimum) properties") }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for (key, value) in object {
            if let property = properties[key] as? [String: Any] {
                found += errors(value, property, "\(path).\(key)")
            } else if let additional = schema["additionalProperties"] as? [String: Any] {
                found += errors(value, additional, "\(path).\(key)")
            } else if (schema["additionalProperties"] as? Bool) == false {
                found.append("\(path): unexpected '\(key)'")
            }
        }
        return found
    }

    private static func isType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "string": return value is String
        case "boolean": return (value as? NSNumber).map(isBoolean) ?? false
        case "integer": return (value as? NSNumber).map { !isBoolean($0) && $0.doubleValue == $0.doubleValue.rounded() } ?? false
        case "number": return (value as? NSNumber).map { !isBoolean($0) } ?? false
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }

    /// JSONSerialization reads `true`/`false` as NSNumbers of type `c` (char).
    private static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        (lhs as? NSObject)?.isEqual(rhs) ?? false
    }
}
