import LifelintCore

/// `lifelint rules [<id>]`: the catalogue, or one rule in full.
struct RulesCommand: Command {
    static let name = "rules"
    static let summary = "List the rules, or show one: 'lifelint rules <id>'."

    static let options: [CommandLineArguments.Option] =
        [
            .init("--rules", value: "<dir>", "Also list the rule files (*.json) in this folder; repeatable."),
            .init("--ids", "Print only the rule ids, one per line (for scripts and shell completion)."),
        ] + SharedOptions.configuration + [.help]

    static let help = HelpText.make(
        """
        USAGE: lifelint rules [options] [<id>]

        Lists every rule (id, severity, summary, and the app events it needs) and the
        thresholds rules use, or shows one rule in full: why it matters, how to fix it, what
        evidence it needs, how it is matched, and its examples. A rule whose evidence an app
        never reports in a trace is not evaluated on that app (the report's coverage says so).
        The rules are checked as they load: a mistake in any rule file is named with its key
        path, and the status is 2. The configuration's rule folders and mappings (whose events
        rules may name) apply, as for analyze.
        """,
        sections: [("OPTIONS", options)],
        tail: "EXIT STATUS: 0 listed, 2 usage or rule errors.")

    let ids: [String]
    let ruleDirectories: [String]
    let configuration: SharedOptions.ConfigurationChoice
    let idsOnly: Bool

    init(arguments: CommandLineArguments) {
        ids = arguments.inputs
        ruleDirectories = arguments.values["--rules"] ?? []
        configuration = SharedOptions.ConfigurationChoice(arguments)
        idsOnly = arguments.flags.contains("--ids")
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        do {
            let configuration = try configuration.load()
            let catalog = try RuleCatalog.load(adding: configuration.ruleFolders + ruleDirectories, mappedEvents: configuration.mappedEvents)
            var thresholds = Thresholds()
            try configuration.apply(to: &thresholds)
            if idsOnly {
                catalog.rules.forEach { output.writeLine($0.id) }
            } else if ids.isEmpty {
                list(catalog, thresholds: thresholds, to: output)
            } else {
                for id in ids {
                    guard let rule = catalog.rule(id: id) else {
                        throw RuleError.unknownRule(id, suggestion: DidYouMean.suggestion(for: id, among: catalog.rules.map(\.id)))
                    }
                    show(rule, to: output)
                }
            }
            return .success
        } catch {
            diagnostics.writeErrors(error)
            return .failure
        }
    }

    private func list(_ catalog: RuleCatalog, thresholds: Thresholds, to output: ByteOutput) {
        let width = catalog.rules.map(\.id.count).max() ?? 0
        for rule in catalog.rules {
            let id = rule.id + String(repeating: " ", count: width - rule.id.count)
            let severity = rule.severity.rawValue + String(repeating: " ", count: 7 - rule.severity.rawValue.count)
            output.writeLine("\(id)  \(severity)  \(rule.summary)")
            output.writeLine(String(repeating: " ", count: width + 11) + "needs: \(Self.needs(rule))")
        }
        output.writeLine("")
        output.writeLine("Thresholds (the configuration's; override with --set name=value):")
        for name in thresholds.values.keys.sorted() { output.writeLine("  \(name) = \(thresholds[name]!)") }
    }

    /// What the app must report for the rule to be evaluated on it.
    static func needs(_ rule: Rule) -> String {
        guard !rule.requires.isEmpty else { return "the platform's own events" }
        let needs = RuleCoverage.describe(rule.requires.map(\.description)) + " events from the app"
        return rule.match.contains { $0.requires?.isEmpty == true } ? needs + " (its clauses on the platform's own evidence: nothing)" : needs
    }

    private func show(_ rule: Rule, to output: ByteOutput) {
        output.writeLine("\(rule.id) (\(rule.severity.rawValue); \(rule.area.rawValue); \(rule.platforms.map(\.rawValue).joined(separator: ", ")))")
        output.writeLine("")
        output.writeLine(rule.summary)
        output.writeLine("")
        output.writeLine("Why: \(rule.rationale)")
        output.writeLine("")
        output.writeLine("Fix: \(rule.fix)")
        output.writeLine("")
        output.writeLine("Needs: \(Self.needs(rule))")
        output.writeLine("")
        if rule.isVerdictRule {
            output.writeLine("Reports the post-mortem's verdicts:")
            for outcome in Verdict.Outcome.allCases {
                guard let severity = rule.verdicts[outcome] else { continue }
                output.writeLine("  - \(outcome.rawValue) (\(min(severity, rule.severity).rawValue)): \(outcome.headline)")
            }
        } else {
            output.writeLine("Matched by:")
            for clause in rule.match {
                let own = clause.requires.map { $0.isEmpty ? " (needs nothing from the app)" : " (needs \(RuleCoverage.describe($0.map(\.description))))" }
                output.writeLine("  - \(clause)\(own ?? "")")
            }
        }
        output.writeLine("")
        output.writeLine("Examples: triggering \(rule.examples.triggering.map(\.description).joined(separator: ", ")); clean \(rule.examples.clean.joined(separator: ", "))")
        if !rule.references.isEmpty {
            output.writeLine("References:")
            for reference in rule.references { output.writeLine("  \(reference)") }
        }
    }
}
