import Foundation
import LifelintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lifelint [analyze] <trace>...`: runs the rules over each trace (several at once on several
/// cores), applies the configuration and the baseline, and reports in the formats asked for,
/// with an exit status a CI job can act on.
struct AnalyzeCommand: Command {
    static let name = "analyze"
    static let summary = "(default) Find lifecycle anti-patterns in the traces."

    static let outputOptions: [CommandLineArguments.Option] = [
        .init(
            "--format", value: "<format>", choices: ReportFormat.allCases.map(\.rawValue),
            """
            What to write to standard output (default: text): \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")); \
            html is a self-contained page with the timeline, verdicts and findings.
            """),
        .init("--output", value: "<format>=<path>", repeatable: true, "Also write that format to a file; repeatable."),
        .init(
            "--fail-on", value: "<severity>", choices: Severity.allCases.reversed().map(\.rawValue),
            "Exit 1 when a finding is at least this severe: error (default), warning or info."),
        .init("--exit-zero", "Exit 0 even with findings (errors reading or writing still exit 2)."),
        .init("--fail-on-empty", "A trace with no events is an error (exit 2), not a note: for jobs whose traces must hold a run."),
        .init(
            "--max-annotations", value: "<n>",
            """
            GitHub annotations of each level (error, warning, notice) to write with --format github \
            (default: \(PlatformLimits.annotationsPerLevel), what GitHub shows per step); the rest are listed in the log.
            """),
        .init("--junit-only-failures", "JUnit reports list only the failing test cases, not one per rule per trace."),
        .init(
            "--label", value: "<key=value>", repeatable: true,
            """
            Stamp every JSON and JSON Lines record with this context (build, app version, device), \
            for tables of many runs; repeatable.
            """),
        .init("--quiet", "Only findings and errors: no notes, no summary line, no progress bar."),
        .init("--verbose", "Also say which configuration file, rules and inputs the run uses (on standard error)."),
        SharedOptions.color,
    ]

    static let ruleOptions: [CommandLineArguments.Option] =
        SharedOptions.configuration + [
            .init("--rules", value: "<dir>", repeatable: true, "Also run the rule files (*.json) in this folder; repeatable."),
            .init("--select", value: "<rule>", repeatable: true, "Run only this rule (opt-in and disabled ones too); repeatable; wins over the configuration."),
            .init("--ignore", value: "<rule>", repeatable: true, "Do not run this rule; repeatable; wins over the configuration."),
            .init("--set", value: "<name=value>", repeatable: true, "Override a threshold, e.g. --set graceWindow=3s; repeatable. 'lifelint rules' lists the thresholds."),
            .init(
                "--expect", value: "<expectation>", choices: ProcessDeathExpectation.allCases.map(\.rawValue), repeatable: true,
                """
                Require every instrumented test (or, in a trace without tests, the whole trace) to prove a \
                process death: killed-in-background, saved-before-kill, restored-after-kill; repeatable or \
                comma-separated. A failed one exits 1.
                """),
            .init("--expect-app", value: "<app>", "The app under test the expectations are judged on (default: found in each run)."),
        ]

    static let baselineOptions: [CommandLineArguments.Option] = [
        .init("--write-baseline", value: "<file>", "Record the current findings as accepted, and exit 0."),
        .init("--baseline", value: "<file>", "Hide the findings recorded there; list entries that no longer occur."),
    ]

    static let inputOptions: [CommandLineArguments.Option] =
        [
            .init("--files-from", value: "<file>", "Also analyse the traces named in this file, one per line ('-': standard input): for lists too long for a command line."),
            .init("--null", alias: "-0", "With --files-from, the names are separated by NUL bytes (find -print0), not lines (also -0)."),
            .init(
                "--jobs", value: "<n>",
                "Traces analysed at once, and cores a large logcat, JSON Lines file or Perfetto trace is read on when there are fewer traces (default: the number of cores); the output does not change."
            ),
            .init("--no-progress", "No progress bar (shown on a terminal for large batches)."),
        ] + SharedOptions.traceReading + [.help]

    static let options = outputOptions + ruleOptions + baselineOptions + inputOptions

    static let help = HelpText.make(
        """
        USAGE: lifelint [analyze] [options] <trace | folder | pattern>...

        Reads each trace, derives every app's lifecycle phases, runs the rules, and reports the
        anti-patterns found. Folders are searched for trace files; patterns such as
        'logs/**/*.log' are expanded. Gzip-compressed traces and 'adb bugreport' zip files are
        read directly.
        """,
        sections: [("OUTPUT", outputOptions), ("CONFIGURATION", ruleOptions), ("BASELINE", baselineOptions), ("INPUT", inputOptions)],
        tail: """
            EXIT STATUS: 0 no finding at or above --fail-on, 1 findings (0 with --exit-zero), 2 usage,
            configuration, input or output errors (the other traces are still analysed).
            """)

    let inputs: [String]
    /// `--files-from`, and whether its names are NUL-separated.
    let inputList: (path: String, nulSeparated: Bool)?
    let format: ReportFormat
    let fileOutputs: [(format: ReportFormat, path: String)]
    let failOn: Severity
    let labels: [String: String]
    let exitZero: Bool
    let failsOnEmpty: Bool
    let annotationsPerLevel: Int
    let quiet: Bool
    let junitOnlyFailures: Bool
    let verbose: Bool
    let colorChoice: ColorChoice
    let ruleSelection: RuleSelection
    let configuration: SharedOptions.ConfigurationChoice
    let ruleDirectories: [String]
    let thresholdAssignments: [String]
    /// `--expect` and `--expect-app`.
    let expected: ExpectationDeclaration?
    let baselinePath: String?
    let writeBaselinePath: String?
    let jobs: Int
    let showsProgress: Bool
    let readOptions: TraceReadOptions

    init(arguments: CommandLineArguments) throws(UsageError) {
        inputList = arguments.value("--files-from").map { ($0, arguments.flags.contains("--null")) }
        guard !arguments.inputs.isEmpty || inputList != nil else { throw .missingInput(command: Self.name) }
        if inputList?.path == TraceInput.standardInputName, arguments.inputs.contains(TraceInput.standardInputName) {
            throw .invalidValue(option: "--files-from", value: "-", expected: "a file when '-' also names a trace (standard input is read once)")
        }
        if arguments.flags.contains("--null"), inputList == nil {
            throw .needsOption("--null", needed: "--files-from <file>")
        }
        inputs = arguments.inputs
        format = try arguments.choice("--format", of: ReportFormat.self) ?? .text
        fileOutputs = try (arguments.values["--output"] ?? []).map { (value) throws(UsageError) in try Self.fileOutput(value) }
        failOn = try arguments.choice("--fail-on", of: Severity.self) ?? .error
        labels = try Self.labels(arguments.values["--label"] ?? [])
        exitZero = arguments.flags.contains("--exit-zero")
        failsOnEmpty = arguments.flags.contains("--fail-on-empty")
        annotationsPerLevel = try arguments.integer("--max-annotations", in: 1...1_000_000) ?? PlatformLimits.annotationsPerLevel
        quiet = arguments.flags.contains("--quiet")
        junitOnlyFailures = arguments.flags.contains("--junit-only-failures")
        verbose = arguments.flags.contains("--verbose")
        guard !(quiet && verbose) else { throw .conflictingOptions("--quiet", "--verbose") }
        colorChoice = try SharedOptions.colorChoice(arguments)
        ruleSelection = RuleSelection(select: arguments.values["--select"] ?? [], ignore: arguments.values["--ignore"] ?? [])
        configuration = SharedOptions.ConfigurationChoice(arguments)
        ruleDirectories = arguments.values["--rules"] ?? []
        thresholdAssignments = arguments.values["--set"] ?? []
        expected = try Self.expected(arguments)
        baselinePath = arguments.value("--baseline")
        writeBaselinePath = arguments.value("--write-baseline")
        jobs = try arguments.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        showsProgress = !arguments.flags.contains("--no-progress") && !quiet
        readOptions = try SharedOptions.traceReadOptions(arguments)
    }

    /// `key=value` pairs: a key of letters, digits, `.`, `_` or `-`, each given once.
    private static func labels(_ values: [String]) throws(UsageError) -> [String: String] {
        var labels: [String: String] = [:]
        for value in values {
            let key = value.prefix { $0 != "=" }
            guard key.count < value.count, !key.isEmpty, key.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || ".-_".utf8.contains($0) }) else {
                throw .invalidValue(option: "--label", value: value, expected: "key=value with a key of letters, digits, '.', '_' or '-'")
            }
            guard labels[String(key)] == nil else { throw .invalidValue(option: "--label", value: value, expected: "each key once") }
            labels[String(key)] = String(value.dropFirst(key.count + 1))
        }
        return labels
    }

    private static func fileOutput(_ value: String) throws(UsageError) -> (format: ReportFormat, path: String) {
        let expected = "<format>=<path> with a format of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
        guard let equals = value.firstIndex(of: "="), let format = ReportFormat(rawValue: String(value[..<equals])) else {
            throw .invalidValue(option: "--output", value: value, expected: expected)
        }
        let path = String(value[value.index(after: equals)...])
        guard !path.isEmpty else { throw .invalidValue(option: "--output", value: value, expected: expected) }
        return (format, path)
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        var settings: AnalysisSettings
        let baseline: Baseline?
        let configurationFile: String?
        var files: [OutputFile] = []
        var listed: [String] = []
        let expansion: InputExpander.Expansion
        do {
            let configuration = try configuration.load()
            configurationFile = configuration.path
            settings = try makeSettings(configuration).collecting(for: [format] + fileOutputs.map(\.format))
            settings.failsOnEmpty = failsOnEmpty
            baseline = try baselinePath.map { (path) throws(ConfigurationError) in try Baseline.load(path: path) }
            if let inputList {
                listed = try InputList.read(inputList.path, nulSeparated: inputList.nulSeparated)
                if listed.isEmpty, inputs.isEmpty { throw CommandError.emptyList(path: PathEncoding.displayed(inputList.path)) }
            }
            expansion = InputExpander.expansion(inputs + listed)
            try Self.checkOutputs(fileOutputs.map(\.path) + [writeBaselinePath].compactMap { $0 }, inputs: expansion.inputs)
            files = try fileOutputs.map { (file) throws(CommandError) in try OutputFile(path: file.path) }
        } catch {
            diagnostics.writeErrors(error)
            return .failure
        }
        let options = ReporterOptions(annotationsPerLevel: annotationsPerLevel, quiet: quiet, junitOnlyFailures: junitOnlyFailures, labels: labels)
        var reporters: [any Reporter] = [format.makeReporter(output: output, options: options.coloring(colorChoice.resolve(for: output)))]
        for (index, (format, _)) in fileOutputs.enumerated() { reporters.append(format.makeReporter(output: files[index].output, options: options)) }

        let batch = expansion.inputs
        if !quiet { expansion.notes.forEach { diagnostics.writeLine("lifelint: note: " + TerminalText.sanitized($0)) } }
        if verbose { describe(settings, configurationFile: configurationFile, inputs: batch.count, to: diagnostics) }
        let progress = showsProgress && diagnostics.isTerminal && batch.count > 1 ? ProgressBar(output: diagnostics, total: batch.count) : nil
        settings.readOptions.workers = max(1, jobs / max(1, batch.count))
        let analysis = AnalysisRun(
            settings: settings, jobs: jobs, failOn: failOn, baseline: baseline.map { BaselineMatcher($0, path: baselinePath ?? "") },
            keepsTraces: writeBaselinePath != nil, configurationPath: configurationFile)
        let outcome = analysis.run(batch, reporters: &reporters) { report in
            progress?.clear()
            report.diagnostics.forEach(diagnostics.writeLine)
            if !quiet { diagnostics.writeNotes(of: report) }
            diagnostics.flush()
        } didReport: { tally, bytesRead in
            progress?.update(completed: tally.traces, bytes: bytesRead)
        }
        progress?.clear()
        if !quiet, let note = outcome.yearNote { diagnostics.writeLine(note) }
        let run = outcome.report
        let unwritten = files.compactMap { $0.finish() }
        unwritten.forEach(diagnostics.writeErrors)
        if let writeBaselinePath {
            let accepted = Baseline(findings: run.traces.flatMap { $0.findings + $0.baselined })
            if let error = Self.write(accepted, to: writeBaselinePath) {
                diagnostics.writeErrors(error)
                return .failure
            }
            if !quiet { diagnostics.writeLine("lifelint: wrote \(accepted.entries.count) baseline entr\(accepted.entries.count == 1 ? "y" : "ies") to \(writeBaselinePath)") }
            return run.failedTraces > 0 || !unwritten.isEmpty ? .failure : .success
        }
        guard unwritten.isEmpty else { return .failure }
        let status = ExitCode(run.outcome)
        return exitZero && status == .findings ? .success : status
    }

    /// Each output is a file of its own (however it is named: `out.x`, `./out.x`, a link to
    /// it), not standard output, and never a trace of the run: a report written over its own
    /// trace, or two reports over each other, would lose data.
    private static func checkOutputs(_ paths: [String], inputs: [BatchInput]) throws(UsageError) {
        var seen = Set<FileIdentity>()
        let standardOutput = FileIdentity.standardOutput
        for path in paths {
            guard let identity = FileIdentity(path: path) else { continue }
            guard seen.insert(identity).inserted else { throw .sameOutputTwice(path: PathEncoding.displayed(path)) }
            if identity == standardOutput { throw .outputIsStandardOutput(path: PathEncoding.displayed(path)) }
        }
        for case let .trace(path) in inputs {
            guard let identity = FileIdentity(path: path), identity.exists, seen.contains(identity) else { continue }
            throw .outputIsInput(path: PathEncoding.displayed(path))
        }
    }

    /// `--verbose`: what the run is about to use.
    private func describe(_ settings: AnalysisSettings, configurationFile: String?, inputs: Int, to diagnostics: ByteOutput) {
        let source = configurationFile ?? (configuration.ignores ? "none (--no-config)" : "none (no .lifelint.json in this folder or above)")
        diagnostics.writeLine("lifelint: configuration: \(source)")
        diagnostics.writeLine("lifelint: \(settings.rules.count) rules: \(settings.rules.map(\.id).joined(separator: ", "))")
        diagnostics.writeLine("lifelint: \(inputs) input\(inputs == 1 ? "" : "s"), \(jobs) at a time")
    }

    private static func write(_ baseline: Baseline, to path: String) -> CommandError? {
        do {
            let file = try OutputFile(path: path)
            do { file.output.write(bytes: try baseline.jsonData()) } catch { file.output.fail(error) }
            return file.finish()
        } catch {
            return error
        }
    }

    private func makeSettings(_ configuration: Configuration) throws -> AnalysisSettings {
        try AnalysisSettings.make(
            configuration: configuration, ruleFolders: ruleDirectories,
            thresholdAssignments: thresholdAssignments, ruleSelection: ruleSelection, readOptions: readOptions, expected: expected)
    }

    private static func expected(_ arguments: CommandLineArguments) throws(UsageError) -> ExpectationDeclaration? {
        let app = arguments.value("--expect-app")
        guard let lists = arguments.values["--expect"] else {
            if app != nil { throw .needsOption("--expect-app", needed: "--expect <expectation>") }
            return nil
        }
        var expectations: [ProcessDeathExpectation] = []
        for list in lists {
            let (named, unknown) = ProcessDeathExpectation.parse(list)
            if let word = unknown.first {
                throw .invalidValue(option: "--expect", value: word, expected: ProcessDeathExpectation.allCases.map(\.rawValue).joined(separator: ", "))
            }
            expectations += named.filter { !expectations.contains($0) }
        }
        guard !expectations.isEmpty else { throw .invalidValue(option: "--expect", value: "", expected: "at least one expectation") }
        return ExpectationDeclaration(expectations: expectations.sorted(), app: app)
    }
}
