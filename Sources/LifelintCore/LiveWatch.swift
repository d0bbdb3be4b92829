import Dispatch
import Foundation
import LifelintAnalysis
import LifelintIngestion
import LifelintModel
import LifelintReports

/// A watch of a live stream as a library call (`lifelint watch`): a thread reads the stream's
/// lines into events; this loop analyses each as it comes (`LiveAnalysis`) and reports each
/// finding and verdict as soon as it is decided. While the stream is quiet the loop wakes every
/// `tick` and moves the analysis's clock on by the wall clock, tied to the stream's times at its
/// latest event, so a deadline passes with no further line.
public struct LiveWatch {
    public enum Outcome {
        /// The stream ended (standard input closed), or a signal stopped the watch.
        case ended(String)
        /// A finding matched `--exit-on`.
        case matched(Finding)
        case failed(IngestionError)
    }

    /// How often a quiet stream's clock is moved on.
    public static let tick: TimeInterval = 0.1

    private var analysis: LiveAnalysis
    private let exitOn: [String]
    private let reporter: LiveReporter
    /// The severities of the findings reported so far.
    public private(set) var reported: [Severity] = []
    private var events = 0
    /// The stream's latest time and the wall clock (monotonic nanoseconds) when it arrived.
    private var anchor: (trace: Timestamp, wall: UInt64)?

    public init(settings: AnalysisSettings, exitOn: [String], reporter: LiveReporter) {
        analysis = LiveAnalysis(settings: settings)
        self.exitOn = exitOn
        self.reporter = reporter
    }

    /// Starts reading `source` on a thread of its own, its events into `queue`.
    public static func startReading(
        _ source: LiveLineSource, into queue: LiveEventQueue, options: TraceReadOptions, year: Int, seeds: [(pid: Int32, process: String)]
    ) {
        Thread.detachNewThread {
            var source = source
            var reader = LiveTraceReader(path: source.name, options: options, year: year)
            reader.seed(processes: seeds)
            do throws(IngestionError) {
                try source.forEachLine(idle: { !queue.stopRequested }) { line in
                    do throws(IngestionError) {
                        try reader.read(line: line) { queue.push(.event($0)) }
                    } catch {
                        queue.push(.failed(error))
                    }
                }
                try reader.finish { queue.push(.event($0)) }
                queue.push(.ended)
            } catch {
                queue.push(.failed(error))
            }
        }
    }

    /// Runs until the stream ends, a signal stops it, or a finding matches `exitOn`; then writes
    /// the summary.
    public mutating func run(_ queue: LiveEventQueue) -> Outcome {
        while true {
            for item in queue.take(waitingUpTo: Self.tick) {
                switch item {
                case .event(let event):
                    events += 1
                    if let matched = report(analysis.consume(event)) { return stop(.matched(matched), queue) }
                    if let clock = analysis.clock { anchor = (clock, DispatchTime.now().uptimeNanoseconds) }
                case .ended:
                    return stop(.ended("the stream ended"), queue)
                case .stopped(let signal):
                    return stop(.ended("stopped by \(signal)"), queue)
                case .failed(let error):
                    return stop(.failed(error), queue)
                }
            }
            if let anchor {
                let elapsed = Int64(DispatchTime.now().uptimeNanoseconds - anchor.wall)
                let now = Timestamp(
                    clock: anchor.trace.clock, nanoseconds: anchor.trace.nanoseconds + elapsed, utcOffsetSeconds: anchor.trace.utcOffsetSeconds,
                    fractionDigits: anchor.trace.fractionDigits)
                if let matched = report(analysis.advance(to: now)) { return stop(.matched(matched), queue) }
            }
        }
    }

    /// Reports the findings and verdicts; returns the first finding that matches `exitOn`.
    private mutating func report(_ decisions: LiveAnalysis.Decisions) -> Finding? {
        decisions.verdicts.forEach(reporter.write)
        for finding in decisions.findings {
            reporter.write(finding)
            reported.append(finding.severity)
            if matchesExitOn(finding) { return finding }
        }
        return nil
    }

    /// `--exit-on error` matches a finding at or above that severity; `--exit-on <rule>` that rule.
    private func matchesExitOn(_ finding: Finding) -> Bool {
        exitOn.contains { value in Severity(rawValue: value).map { finding.severity >= $0 } ?? (value == finding.ruleID) }
    }

    private mutating func stop(_ outcome: Outcome, _ queue: LiveEventQueue) -> Outcome {
        queue.requestStop()
        var outcome = outcome
        if case .ended = outcome, let matched = report(analysis.finish()) { outcome = .matched(matched) }
        let reason: String
        switch outcome {
        case .ended(let why): reason = why
        case .matched(let finding): reason = "ended at the first \(finding.ruleID) (--exit-on)"
        case .failed(let error): reason = "the stream could not be read: \(error)"
        }
        reporter.writeSummary(findings: reported.count, events: events, ended: reason)
        return outcome
    }
}
