import LifelintModel

/// An OTLP attribute list (`[{"key": "android.app.state", "value": {"stringValue": "background"}}]`)
/// as text by key (or with plain string values, as Embrace writes them): strings as they are, numbers (64-bit integers are JSON strings) and booleans
/// as written; arrays and key-value lists are left out.
struct OTLPAttributes {
    private(set) var values: [String: String] = [:]
    /// The keys in document order, so attributes carried onto an event keep it.
    private(set) var keys: [String] = []

    init(_ list: JSONValue?) {
        guard let list, list.kind == .array else { return }
        for member in list.children() {
            guard let pair = JSONObject(member.value), let key = pair["key"]?.string, values[key] == nil,
                let text = pair["value"]?.string ?? Self.text(JSONObject(pair["value"]))
            else { continue }
            values[key] = text
            keys.append(key)
        }
    }

    subscript(key: String) -> String? { values[key] }

    /// The attributes but `key`, in document order.
    func without(_ key: String) -> Attributes {
        var attributes = Attributes()
        for name in keys where name != key { attributes[name] = values[name] }
        return attributes
    }

    private static func text(_ value: JSONObject?) -> String? {
        guard let value else { return nil }
        if let text = value["stringValue"]?.string { return text }
        return (value["intValue"] ?? value["doubleValue"] ?? value["boolValue"])?.scalarText
    }
}
