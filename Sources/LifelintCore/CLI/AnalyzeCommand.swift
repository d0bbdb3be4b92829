#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lifelint [analyze] <trace>...`: runs every rule over each trace and reports the findings,
/// with an exit status a CI job can act on.
struct AnalyzeCommand {
    static let name = "analyze"

    enum Format: String, CaseIterable {
        case text
        case json
    }

    static let options: [CommandLineArguments.Option] = [
        .init(name: "--format", takesValue: true),
        .init(name: "--fail-on", takesValue: true),
        .init(name: "--rules", takesValue: true),
        .init(name: "--set", takesValue: true),
        .init(name: "--input-format", takesValue: true),
        .init(name: "--year", takesValue: true),
        .init(name: "--help", takesValue: false),
    ]

    static let help = """
        USAGE: lifelint [analyze] [options] <trace>...

        Reads each trace, derives every app's lifecycle phases, runs every rule, and reports
        the anti-patterns found, like compiler diagnostics (or JSON with --format json).

        OPTIONS:
          --format <text|json>     Output format (default: text). The JSON schema is in
                                   docs/schema/report.schema.json.
          --fail-on <severity>     Exit 1 when a finding is at least this severe:
                                   error (default), warning or info.
          --rules <dir>            Also run the rule files (*.json) in this folder; repeatable.
          --set <name=value>       Override a threshold, e.g. --set graceWindow=3s; repeatable.
                                   'lifelint rules' lists the thresholds.
          --input-format <format>  Read logcat in this layout instead of detecting it.
          --year <year>            The year for logcat times that have none.
          --help                   Show this help.

        Colour is used on a terminal unless NO_COLOR is set.

        EXIT STATUS: 0 no finding at or above --fail-on, 1 findings, 2 usage or input errors
        (the other traces are still analysed).
        """

    let inputs: [String]
    let format: Format
    let failOn: Severity
    let ruleDirectories: [String]
    let thresholdAssignments: [String]
    let readOptions: TraceReadOptions

    init(arguments: CommandLineArguments) throws(UsageError) {
        guard !arguments.inputs.isEmpty else { throw .missingInput(command: Self.name) }
        inputs = arguments.inputs
        format = try arguments.choice("--format", of: Format.self) ?? .text
        failOn = try arguments.choice("--fail-on", of: Severity.self) ?? .error
        ruleDirectories = arguments.values["--rules"] ?? []
        thresholdAssignments = arguments.values["--set"] ?? []
        readOptions = TraceReadOptions(
            logcatFormat: try arguments.choice("--input-format", of: LogcatFormat.self),
            year: try arguments.integer("--year", in: 1970...9999))
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        let catalog: RuleCatalog
        var thresholds = Thresholds()
        do {
            catalog = try RuleCatalog.load(adding: ruleDirectories)
            for assignment in thresholdAssignments { try thresholds.set(assignment) }
        } catch {
            diagnostics.writeLine("lifelint: error: \(error)")
            return .failure
        }
        let colors = output.isTerminal && getenv("NO_COLOR") == nil
        let text = TextReporter(output: output, colors: colors)
        var results: [JSONReporter.TraceResult] = []
        var findings: [Finding] = []
        for path in inputs {
            do {
                let analysis = try TraceAnalyzer.analyze(path: path, rules: catalog.rules, thresholds: thresholds, options: readOptions)
                let malformed = ProblemReport.write(analysis.summary, to: diagnostics)
                results.append(.init(path: path, summary: analysis.summary, error: malformed ? "\(analysis.summary.problemCount) malformed records" : nil))
                findings += analysis.findings
                if format == .text { analysis.findings.forEach(text.write) }
            } catch {
                results.append(.init(path: path, summary: nil, error: error.description))
                diagnostics.writeLine("lifelint: error: \(error)")
            }
        }
        let failed = results.filter { $0.error != nil }.count
        switch format {
        case .text: text.writeSummary(findings: findings, traces: results.compactMap(\.summary), failedInputs: failed)
        case .json: JSONReporter.write(traces: results, findings: findings, to: output)
        }
        if failed > 0 { return .failure }
        return findings.contains { $0.severity >= failOn } ? .findings : .success
    }
}
