import Foundation

/// The official OASIS SARIF 2.1.0 schema, unchanged (`Fixtures/schemas/SOURCES.md`), which
/// GitHub code scanning and other SARIF consumers validate uploads against. Every SARIF document a
/// test writes goes through it.
enum SARIFSchema {
    static let validator = try! JSONSchemaValidator(path: RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/schemas/sarif-schema-2.1.0.json"))

    /// Every violation of the schema in a SARIF document's text (one for text that is not JSON).
    static func violations(_ text: String) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return ["not JSON"] }
        return validator.validate(document)
    }
}
