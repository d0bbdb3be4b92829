import Foundation
import Testing
@testable import LifelintCore

/// The published schemas (docs/schema) describe what lifelint really reads and writes.
@Suite struct SchemaTests {
    @Test func everyRuleFileMatchesTheRuleSchema() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/rule.schema.json"))
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("Rules")).filter { $0.hasSuffix(".json") }
        #expect(files.count == 21)
        for file in files {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Rules/\(file)"))))
            #expect(validator.validate(document) == [], "\(file)")
        }
    }

    @Test func theRuleSchemaRejectsWhatTheDecoderRejects() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/rule.schema.json"))
        var document = RuleDecodingTests.valid
        #expect(validator.validate(document) == [])
        document["colour"] = "red"
        #expect(validator.validate(document) == ["$: unexpected 'colour'"])
        document = RuleDecodingTests.valid
        document["id"] = "Not_Kebab"
        document["match"] = [["forbid": ["event": "fgs.start"], "rate": ["event": "a.b", "max": 1]], ["wait": [:]]]
        #expect(validator.validate(document).sorted() == [
            "$.id: 'Not_Kebab' does not match ^[a-z][a-z0-9]*(-[a-z0-9]+)*$",
            "$.match: matches 0 of the oneOf alternatives, not exactly one",
        ])
    }

    @Test func theReportMatchesTheReportSchema() throws {
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        let output = ByteOutput.memory()
        _ = LifelintCommand.run(
            ["--format", "json", "/nonexistent.log"] + ["android-lost-draft.log", "rn-stale-websocket.log"].map { RepositoryPaths.path("SampleLogs/\($0)") },
            output: output, diagnostics: .memory())
        let document = try JSONSerialization.jsonObject(with: Data(output.text.utf8))
        #expect(validator.validate(document) == [])
        #expect(((document as? [String: Any])?["findings"] as? [Any])?.count == 10)
        var broken = try #require(document as? [String: Any])
        broken["summary"] = ["error": 1]
        #expect(validator.validate(broken) == ["$.summary: missing 'warning'", "$.summary: missing 'info'"] || validator.validate(broken) == ["$.summary: missing 'info'", "$.summary: missing 'warning'"])
    }
}
