import Foundation
import LifelintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lifelint timeline <trace>...`: what each app went through, for a post-mortem.
struct TimelineCommand: Command {
    static let name = "timeline"
    static let summary = "Show what each app went through, phase by phase, with the verdicts."

    static let options: [CommandLineArguments.Option] =
        [
            .init("--app", value: "<id>", "Only this app (package name or bundle id)."),
            .init("--from", value: "<time>", "Only from this time: 2024-01-08T09:15:00 or, on the trace's first day, 09:15 or 09:15:42.305."),
            .init("--to", value: "<time>", "Only up to this time (same forms)."),
            SharedOptions.color,
        ] + SharedOptions.configuration + SharedOptions.traceReading + [.help]

    static let help = HelpText.make(
        """
        USAGE: lifelint timeline [options] <trace | folder | pattern>...

        Shows, per app and process incarnation, each phase (active, inactive, background, not
        running) with its time and duration, the events that matter in it (saves and their
        durations, background tasks, deaths and their reason, cold starts and what they
        restored, resyncs, socket probes, input), the findings where they occur, and the
        verdict on every background entry a process death followed. Fits 80 columns. The
        configuration's rules, thresholds and mappings apply, as for analyze.
        """,
        sections: [("OPTIONS", options)],
        tail: "EXIT STATUS: 0 shown, 2 usage, configuration or input errors.")

    let inputs: [String]
    let filter: (app: String?, from: String?, to: String?)
    let configuration: SharedOptions.ConfigurationChoice
    let readOptions: TraceReadOptions
    let colorChoice: ColorChoice

    init(arguments: CommandLineArguments) throws(UsageError) {
        guard !arguments.inputs.isEmpty else { throw .missingInput(command: Self.name) }
        inputs = arguments.inputs
        filter = (arguments.value("--app"), arguments.value("--from"), arguments.value("--to"))
        for option in ["--from", "--to"] {
            if let text = arguments.value(option), Self.time(text, onDayOf: nil) == nil, Self.timeOfDay(text) == nil {
                throw .invalidValue(option: option, value: text, expected: "a time such as 2024-01-08T09:15:00 or 09:15:42.305")
            }
        }
        configuration = SharedOptions.ConfigurationChoice(arguments)
        readOptions = try SharedOptions.traceReadOptions(arguments)
        colorChoice = try SharedOptions.colorChoice(arguments)
    }

    func run(output: ByteOutput, diagnostics: ByteOutput) -> ExitCode {
        var settings: AnalysisSettings
        do {
            settings = try AnalysisSettings.make(configuration: try configuration.load(), readOptions: readOptions)
        } catch {
            diagnostics.writeErrors(error)
            return .failure
        }
        settings.collectsTimeline = true
        settings.collectsMetrics = false
        let renderer = TimelineTextRenderer(style: TerminalStyle(colors: colorChoice.resolve(for: output)))
        var status = ExitCode.success
        var summaries: [IngestionSummary] = []
        var apps: Set<String> = []
        let expansion = InputExpander.expansion(inputs)
        expansion.notes.forEach { diagnostics.writeLine("lifelint: note: " + TerminalText.sanitized($0)) }
        BatchAnalyzer(settings: settings, jobs: 1).run(expansion.inputs) { trace in
            trace.diagnostics.forEach(diagnostics.writeLine)
            diagnostics.writeNotes(of: trace)
            if trace.error != nil { status = .failure }
            guard let summary = trace.summary else { return }
            summaries.append(summary)
            apps.formUnion(trace.timeline?.lanes.map(\.app) ?? [])
            let day = trace.timeline?.start
            let window = TimelineTextRenderer.Filter(
                app: filter.app, from: filter.from.flatMap { Self.time($0, onDayOf: day) }, to: filter.to.flatMap { Self.time($0, onDayOf: day) })
            if let from = window.from, let to = window.to, from > to {
                diagnostics.writeLine("lifelint: error: \(trace.path): --from \(filter.from ?? "") is after --to \(filter.to ?? ""): nothing to show")
                status = .failure
                return
            }
            output.writeLine(TerminalText.sanitized(trace.path))
            renderer.render(trace, filter: window).forEach(output.writeLine)
            output.writeLine("")
        }
        if let note = YearNote.text(for: summaries) { diagnostics.writeLine(note) }
        if let app = filter.app, !summaries.isEmpty, !apps.contains(app) {
            diagnostics.writeLine("lifelint: error: --app: no app '\(Echo.shortened(app))' in the traces\(DidYouMean.suggestion(for: app, among: apps.sorted()))")
            return .failure
        }
        return status
    }

    /// A full ISO 8601 time, or a time of day on the day of `reference` (the trace's start).
    static func time(_ text: String, onDayOf reference: Timestamp?) -> Timestamp? {
        if text.contains("T") || text.count > 12 { return TimestampParser.parse(text) }
        guard let reference, reference.clock == .wall, let seconds = timeOfDay(text) else { return nil }
        let local = reference.localDateTime
        let midnight =
            CivilDateTime(year: local.year, month: local.month, day: local.day).nanosecondsSinceEpoch
            - Int64(reference.utcOffsetSeconds ?? 0) * 1_000_000_000
        return Timestamp(clock: .wall, nanoseconds: midnight + Int64(seconds * 1e9), utcOffsetSeconds: reference.utcOffsetSeconds)
    }

    /// `09:15`, `09:15:42` or `09:15:42.305` as seconds since midnight.
    static func timeOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60 else { return nil }
        let seconds = parts.count == 3 ? Double(parts[2]) : 0
        guard let seconds, seconds >= 0, seconds < 61 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }
}
