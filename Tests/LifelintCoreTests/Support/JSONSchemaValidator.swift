import Foundation

/// A small JSON Schema validator for the keywords lifelint's schemas and the official SARIF
/// schema (draft-04) use: `$ref` (local, to `$defs` or `definitions`), `type`, `required`,
/// `properties`, `additionalProperties`, `items`, `enum`, `const`, `oneOf`, `anyOf`,
/// `minItems`, `uniqueItems`, `minProperties`, `minimum`, `maximum`, `pattern` and the formats
/// `uri`, `uri-reference` and `date-time`. Enough to keep the published schemas and the real
/// documents in step; it returns every violation with its path.
/// Immutable once loaded, so one instance is shared by every test (`@unchecked`: the parsed schema
/// is an untyped `[String: Any]`).
struct JSONSchemaValidator: @unchecked Sendable {
    let root: [String: Any]

    init(path: String) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    func validate(_ value: Any) -> [String] { errors(value, root, "$") }

    /// Validates against one of the schema's `$defs`.
    func validate(_ value: Any, definition: String) -> [String] { errors(value, ["$ref": "#/$defs/\(definition)"], "$") }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String else { return schema }
        for section in ["$defs", "definitions"] where reference.hasPrefix("#/\(section)/") {
            let name = String(reference.dropFirst(section.count + 3))
            return resolve((root[section] as! [String: Any])[name] as! [String: Any])
        }
        return schema
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
            text.range(of: pattern, options: .regularExpression) == nil
        {
            found.append("\(path): '\(text)' does not match \(pattern)")
        }
        if let format = schema["format"] as? String, let text = value as? String, !Self.hasFormat(text, format) {
            found.append("\(path): '\(text)' is not a valid \(format)")
        }
        if let minimum = schema["minimum"] as? Double, let number = value as? Double, number < minimum { found.append("\(path): below \(minimum)") }
        if let maximum = schema["maximum"] as? Double, let number = value as? Double, number > maximum { found.append("\(path): above \(maximum)") }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matching = options.filter { errors(value, $0, path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of the oneOf alternatives, not exactly one") }
        }
        if let options = schema["anyOf"] as? [[String: Any]], !options.contains(where: { errors(value, $0, path).isEmpty }) {
            found.append("\(path): matches none of the anyOf alternatives")
        }
        if let object = value as? [String: Any], !(value is NSNull) {
            found += objectErrors(object, schema, path)
        }
        if let array = value as? [Any] {
            if let minimum = schema["minItems"] as? Int, array.count < minimum { found.append("\(path): fewer than \(minimum) items") }
            if schema["uniqueItems"] as? Bool == true, let index = Self.firstRepeat(array) { found.append("\(path)[\(index)]: repeats an earlier item (uniqueItems)") }
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

    /// The index of the first item equal to an earlier one, comparing items by their JSON text
    /// with sorted keys.
    private static func firstRepeat(_ array: [Any]) -> Int? {
        var seen: Set<Data> = []
        for (index, item) in array.enumerated() {
            let text = (try? JSONSerialization.data(withJSONObject: [item], options: [.sortedKeys])) ?? Data()
            if !seen.insert(text).inserted { return index }
        }
        return nil
    }

    /// RFC 3986 URIs (`uri` absolute, with a scheme) and RFC 3339 date-times, as the SARIF
    /// schema declares them: characters outside the URI grammar must be percent-encoded.
    private static func hasFormat(_ text: String, _ format: String) -> Bool {
        let uriCharacters = #"([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*"#
        let pattern =
            switch format {
            case "uri": "^[A-Za-z][A-Za-z0-9+.-]*:" + uriCharacters + "$"
            case "uri-reference": "^" + uriCharacters + "$"
            case "date-time": #"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#
            default: ".*"
            }
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// JSONSerialization reads `true`/`false` as NSNumbers of type `c` (char).
    private static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        (lhs as? NSObject)?.isEqual(rhs) ?? false
    }
}
