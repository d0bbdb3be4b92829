import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// A rule file with a mistake gets an error that names the file and the key path.
@Suite struct RuleDecodingTests {
    static var valid: [String: Any] {
        [
            "id": "custom-rule", "severity": "warning", "platforms": ["android"], "summary": "s", "rationale": "r", "fix": "f",
            "message": "{app} did {event}",
            "match": [["forbid": ["event": "fgs.start", "when": [["phase": ["background"]]]]]],
            "requires": ["fgs.start"],
            "examples": ["triggering": ["SampleLogs/a.log"], "clean": ["SampleLogs/b.log"]],
        ]
    }

    static func decode(_ object: [String: Any]) -> Result<Rule, RuleError> {
        let data = try! JSONSerialization.data(withJSONObject: object)
        do { return .success(try RuleCatalog.decode(data, path: "Rules/custom.json")) } catch { return .failure(error) }
    }

    static func error(_ change: (inout [String: Any]) -> Void) -> String? {
        var object = valid
        change(&object)
        if case let .failure(error) = decode(object) { return error.description }
        return nil
    }

    @Test func validRuleDecodes() throws {
        let rule = try Self.decode(Self.valid).get()
        #expect(rule.id == "custom-rule" && rule.match.count == 1)
        #expect(rule.match[0].description == "forbid fgs.start when the app is background")
    }

    @Test func mistakesNameTheKeyPath() {
        #expect(Self.error { $0["id"] = "Custom_Rule" } == "Rules/custom.json: id: 'Custom_Rule' is not a kebab-case id")
        #expect(Self.error { $0["severity"] = "fatal" }?.hasPrefix("Rules/custom.json: severity: ") == true)
        #expect(Self.error { $0.removeValue(forKey: "fix") } == "Rules/custom.json: missing key 'fix'")
        #expect(Self.error { $0["colour"] = "red" }?.hasPrefix("Rules/custom.json: colour: unknown key 'colour'") == true)
        #expect(
            Self.error { $0["match"] = [["forbid": ["event": "Not An Event"]]] }
                == "Rules/custom.json: match[0].forbid.event: 'Not An Event' is not an event name or family (e.g. 'persist.begin', 'activity.*')")
        #expect(
            Self.error { $0["match"] = [["forbid": ["event": "fgs.start"], "expect": ["after": "a.b", "within": "1s"]]] }
                == "Rules/custom.json: match[0]: a clause needs exactly one of expect, forbid, max-duration, unpaired, rate")
        #expect(
            Self.error { $0["match"] = [["expect": ["after": "a.b", "expect": "c.d"]]] }
                == "Rules/custom.json: match[0].expect: expect needs 'within' or 'failOn', or it can never fire")
        #expect(
            Self.error { $0["match"] = [["forbid": ["event": "a.b", "when": [["phase": ["asleep"]]]]]] }?
                .hasPrefix("Rules/custom.json: match[0].forbid.when[0].phase[0]: unknown phase 'asleep'") == true)
        #expect(
            Self.error { $0["match"] = [["rate": ["event": "a.b", "max": 2]]] }
                == "Rules/custom.json: match[0].rate: rate needs exactly one of 'window' or 'per'")
        #expect(Self.error { $0.removeValue(forKey: "requires") }?.hasPrefix("Rules/custom.json: missing key 'requires'") == true)
        #expect(
            Self.error { $0["requires"] = [["event": "persist.end", "where": ["ok": "true"]]] }
                == "Rules/custom.json: requires: 'requires' takes event names or families, not conditions ('persist.end[ok = true]')")
        #expect(
            Self.error { $0["match"] = [["forbid": ["event": "a.b"], "requires": ["Not An Event"]]] }
                == "Rules/custom.json: match[0].requires[0]: 'Not An Event' is not an event name or family (e.g. 'persist.begin', 'activity.*')")
    }

    @Test func userRuleFoldersJoinTheCatalogue() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifelint-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try JSONSerialization.data(withJSONObject: Self.valid).write(to: directory.appendingPathComponent("custom.json"))
        let catalog = try RuleCatalog.load(adding: [directory.path])
        #expect(try catalog.rules.count == RuleCatalog.builtIn().rules.count + 1)
        #expect(catalog.rule(id: "custom-rule") != nil)

        var duplicate = Self.valid
        duplicate["id"] = "save-in-on-destroy"
        try JSONSerialization.data(withJSONObject: duplicate).write(to: directory.appendingPathComponent("custom.json"))
        #expect(throws: RuleError.duplicateID("save-in-on-destroy", paths: ["Rules/save-in-on-destroy.json", directory.appendingPathComponent("custom.json").path])) {
            try RuleCatalog.load(adding: [directory.path])
        }
    }

    @Test func thresholdsAreSetByNameWithUnits() throws {
        var thresholds = Thresholds()
        try thresholds.set("graceWindow=3s")
        try thresholds.set("savedStateWarnBytes=200KB")
        try thresholds.set("silentPushPerHour=5")
        #expect(thresholds["graceWindow"] == .duration(nanoseconds: 3_000_000_000))
        #expect(thresholds["savedStateWarnBytes"] == .size(bytes: 200_000))
        #expect(thresholds["silentPushPerHour"] == .count(5))
        #expect(throws: RuleError.self) { try thresholds.set("graceWindow=3KB") }
        #expect(throws: RuleError.self) { try thresholds.set("graceWindw=3s") }
        #expect(throws: RuleError.self) { try thresholds.set("graceWindow") }
        #expect(Quantity(parsing: "1.5s") == .duration(nanoseconds: 1_500_000_000))
        #expect(Quantity(parsing: "fast") == nil)
    }

    @Test func attributeConditions() {
        let thresholds = Thresholds()
        let sizes = AttributeCondition.compare([.init(op: .greater, operand: "savedStateWarnBytes"), .init(op: .less, operand: "1MB")]).resolved(with: thresholds)
        #expect(sizes.holds(for: "600000"))
        #expect(!sizes.holds(for: "1000000"))
        #expect(!sizes.holds(for: nil))
        let budget = AttributeCondition.compare([.init(op: .greater, operand: "callbackBudget")])
        #expect(!budget.holds(for: "250"), "an operand is compared only once resolved")
        let resolved = budget.resolved(with: thresholds)
        #expect(resolved.holds(for: "250") && !resolved.holds(for: "100"))
        #expect(AttributeCondition.noneOf(["false"]).holds(for: nil))
        #expect(!AttributeCondition.noneOf(["false"]).holds(for: "false"))
    }

    /// Whole numbers are read from their bytes, anything else by `Double`: both must give what
    /// `Double` gives for the text without its `ms`.
    @Test func attributeNumbersReadAsDoubleReadsThem() {
        let cases: [(String, Double?)] = [
            ("250", 250), ("250ms", 250), ("0012", 12), ("0", 0), ("1.5", 1.5), ("1.5ms", 1.5), ("-3", -3), ("+7", 7), ("1e3", 1000),
            ("999999999999999", 999_999_999_999_999), ("12345678901234567", 12_345_678_901_234_568), ("", nil), ("ms", nil), ("12 ms", nil),
            ("12m", nil), ("x12", nil), ("１２", nil),
        ]
        for (text, expected) in cases {
            #expect(AttributeCondition.number(text) == expected, "\(text)")
            #expect(AttributeCondition.number(text) == Double(text.trimmingSuffix("ms")), "\(text)")
        }
    }
}
