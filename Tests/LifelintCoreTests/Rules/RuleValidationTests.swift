import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// A rule whose meaning is wrong (a mistyped threshold, a duration with no unit it knows, an
/// event nobody makes) is refused at load with every mistake named, not loaded to never fire.
@Suite struct RuleValidationTests {
    static func folder(_ files: [String: String]) -> String {
        let first = TraceFixture.temporaryFile(name: "placeholder", contents: Data())
        let folder = first.deletingLastPathComponent().appendingPathComponent("rules")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try! Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder.path
    }

    static func rule(id: String, match: String, requires: String = #"["persist.*"]"#) -> String {
        """
        {"id": "\(id)", "severity": "warning", "platforms": ["android"], "summary": "s", "rationale": "r", "fix": "f",
         "message": "{app}", "match": \(match), "requires": \(requires),
         "examples": {"triggering": [], "clean": []}}
        """
    }

    @Test func everyMistakeInEveryFileIsNamed() {
        let folder = Self.folder([
            "a.json": Self.rule(
                id: "team-a",
                match: """
                    [{"expect": {"after": "phase.background", "expect": ["persist.begn"], "within": "graceWindw"}},
                     {"max-duration": {"start": "persist.begin", "end": "persist.end", "limit": "5 parsecs"}},
                     {"rate": {"event": "push.received", "max": "1s", "window": "1h"}},
                     {"forbid": {"event": {"event": "state.saved", "where": {"bytes": {">": "savedStateWarnByte"}, "key": {"exists": "yes"}}}}}]
                    """),
            "b.json": Self.rule(id: "team-b", match: #"[{"max-duration": {"start": "persist.begin", "end": "persist.end", "limits": [{"limit": "3 s"}]}}]"#),
            "c.json": #"{"id": "team-c"}"#,
        ])
        let result = runLifelint(["rules", "--no-config", "--rules", folder])
        #expect(result.status == .failure)
        #expect(
            result.diagnostics == """
                lifelint: error: \(folder)/c.json: missing key 'severity'
                lifelint: error: \(folder)/a.json: match[0].expect.expect[0]: unknown event 'persist.begn' (did you mean 'persist.begin'?); the Event vocabulary in docs/reference.md lists lifelint's events; name your app's own in the rule's 'events', or make them with a mapping
                lifelint: error: \(folder)/a.json: match[0].expect.within: unknown threshold 'graceWindw' (did you mean 'graceWindow'?); 'lifelint rules' lists the thresholds
                lifelint: error: \(folder)/a.json: match[1].max-duration.limit: '5 parsecs' is not a quantity: write a number with a unit (500ms, 5s, 2m, 1h, 500KB, 1MB) or a threshold's name
                lifelint: error: \(folder)/a.json: match[2].rate.max: '1s' is a duration; this key takes a number
                lifelint: error: \(folder)/a.json: match[3].forbid.event[0].where.bytes.>: unknown threshold 'savedStateWarnByte' (did you mean 'savedStateWarnBytes'?); 'lifelint rules' lists the thresholds
                lifelint: error: \(folder)/a.json: match[3].forbid.event[0].where.key: 'exists' takes true or false, not 'yes'
                lifelint: error: \(folder)/b.json: match[0].max-duration.limits[0].limit: '3 s' is not a quantity: write a number with a unit (500ms, 5s, 2m, 1h, 500KB, 1MB) or a threshold's name

                """)
    }

    @Test func aRuleMayNameItsAppsOwnEventsByDeclaringThem() throws {
        let declared = Self.rule(id: "team-d", match: #"[{"forbid": {"event": "draft.flushed"}}]"#, requires: "[]")
            .replacingOccurrences(of: #""requires": []"#, with: #""requires": [], "events": ["draft.flushed"]"#)
        let catalog = try RuleCatalog.load(adding: [Self.folder(["d.json": declared])])
        #expect(catalog.rule(id: "team-d")?.events == ["draft.flushed"])
    }

    @Test func aMappedEventIsKnown() throws {
        let folder = Self.folder(["c.json": Self.rule(id: "team-c", match: #"[{"forbid": {"event": "draft.flushed"}}]"#, requires: "[]")])
        #expect(throws: RuleError.self) { try RuleCatalog.load(adding: [folder]) }
        let catalog = try RuleCatalog.load(adding: [folder], mappedEvents: ["draft.flushed"])
        #expect(catalog.rule(id: "team-c") != nil)
    }

    @Test func theBuiltInRulesAreValid() throws {
        for rule in try RuleCatalog.builtIn().rules { #expect(RuleValidator.problems(in: rule).isEmpty, "\(rule.id)") }
    }

    @Test func suggestionsAreCloseNamesOnly() {
        #expect(DidYouMean.suggestion(for: "graceWindw", among: Array(Thresholds.defaults.keys)) == " (did you mean 'graceWindow'?)")
        #expect(DidYouMean.suggestion(for: "zzz", among: Array(Thresholds.defaults.keys)) == "")
        #expect(DidYouMean.editDistance("kitten", "sitting") == 3 && DidYouMean.editDistance("", "ab") == 2)
    }
}
