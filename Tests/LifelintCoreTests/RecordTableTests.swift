import Foundation
import Testing

/// `docs/records.md` describes each JSON Lines record as a table for warehouses (DuckDB, Spark);
/// it must name exactly the schema's fields, with their types and whether they are always there.
@Suite struct RecordTableTests {
    struct Column: Equatable, CustomStringConvertible {
        let type: String
        let always: Bool
        var description: String { "\(type), \(always ? "always" : "sometimes")" }
    }

    /// Per record type, its columns as the document lists them.
    static func documented() throws -> [String: [String: Column]] {
        let text = try String(contentsOfFile: RepositoryPaths.path("docs/records.md"), encoding: .utf8)
        var tables: [String: [String: Column]] = [:]
        var current: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## `") { current = line.dropFirst(4).prefix { $0 != "`" }.description }
            guard let current, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            tables[current, default: [:]][name] = Column(type: cells[1], always: cells[2] == "yes")
        }
        return tables
    }

    /// Per record type, its columns as the schema defines them.
    static func schema() throws -> [String: [String: Column]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("docs/schema/report.schema.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(root["$defs"] as? [String: Any])
        func resolved(_ schema: [String: Any]) -> [String: Any] {
            guard let reference = schema["$ref"] as? String else { return schema }
            return resolved(definitions[String(reference.split(separator: "/").last!)] as? [String: Any] ?? [:])
        }
        func type(_ schema: [String: Any]) -> String {
            let schema = resolved(schema)
            if let constant = schema["const"] { return constant is String ? "string" : "integer" }
            if schema["enum"] != nil { return "string" }
            if let types = schema["type"] as? [String] { return types.joined(separator: " or ") }
            return schema["type"] as? String ?? "object"
        }
        let variants = try #require((definitions["jsonlRecord"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        var tables: [String: [String: Column]] = [:]
        for variant in variants {
            let properties = try #require(variant["properties"] as? [String: [String: Any]])
            let name = try #require(properties["type"]?["const"] as? String)
            let required = Set(variant["required"] as? [String] ?? [])
            tables[name] = properties.mapValues { Column(type: type($0), always: false) }
            for key in properties.keys { tables[name]?[key] = Column(type: type(properties[key]!), always: required.contains(key)) }
        }
        return tables
    }

    @Test func theTablesAreTheSchemasRecords() throws {
        let documented = try Self.documented()
        let schema = try Self.schema()
        #expect(Set(documented.keys) == Set(schema.keys))
        for (record, columns) in schema {
            #expect(documented[record] == columns, "\(record): the document has \(documented[record] ?? [:]), the schema \(columns)")
        }
    }
}
