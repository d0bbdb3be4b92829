import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// `lifelint timeline` output: per app and process incarnation, one row per phase span (time,
/// phase, duration, why) with the marks that happened in it indented below, findings flagged,
/// and the app's verdicts at the end. Fits 80 columns; coloured on a terminal.
///
///     com.example.notes (android)
///       pid 4242
///         09:14:25.960  background      36.4 s                               line 15
///           09:14:25.969  • save 'draft', 35 ms                              line 17
///           09:14:25.969  ✖ save-in-on-destroy (error)                       line 17
package struct TimelineTextRenderer {
    static let width = 80
    let style: TerminalStyle

    package init(style: TerminalStyle) {
        self.style = style
    }

    /// The window and app to show; nil shows everything.
    package struct Filter {
        package var app: String?
        package var from: Timestamp?
        package var to: Timestamp?

        package init(app: String? = nil, from: Timestamp? = nil, to: Timestamp? = nil) {
            self.app = app
            self.from = from
            self.to = to
        }

        func includes(_ time: Timestamp) -> Bool {
            (from.map { time >= $0 } ?? true) && (to.map { time <= $0 } ?? true)
        }

        func overlaps(_ start: Timestamp, _ end: Timestamp?) -> Bool {
            (to.map { start <= $0 } ?? true) && (from.map { (end ?? start) >= $0 || end == nil } ?? true)
        }
    }

    package func render(_ trace: TraceReport, filter: Filter) -> [String] {
        guard let timeline = trace.timeline else { return [] }
        var lines: [String] = []
        // Grouped in one pass each: a trace can name a hundred thousand apps.
        var apps: [String] = []
        var lanesOfApp: [String: [Timeline.Lane]] = [:]
        for lane in timeline.lanes where filter.app == nil || filter.app == lane.app {
            if lanesOfApp[lane.app] == nil { apps.append(lane.app) }
            lanesOfApp[lane.app, default: []].append(lane)
        }
        let verdictsOfApp = Dictionary(grouping: trace.verdicts, by: \.app)
        for app in apps {
            let lanes = lanesOfApp[app] ?? []
            lines.append(paint("\(TerminalText.sanitized(app)) (\(lanes.first?.platform.rawValue ?? "unknown"))", nil, bold: true))
            for lane in lanes { lines += render(lane, filter: filter) }
            for verdict in verdictsOfApp[app] ?? [] where filter.includes(verdict.time) {
                let color = verdict.outcome.isLoss ? "31" : "32"
                lines.append("  " + paint("verdict", color, bold: true) + " (\(verdict.location.lineText)): \(verdict.outcome.headline)")
                lines += Self.wrap(TerminalText.sanitized(verdict.paragraph), indent: 4)
            }
        }
        return lines
    }

    private func render(_ lane: Timeline.Lane, filter: Filter) -> [String] {
        var lines = ["  " + (lane.pid.map { "pid \($0)" } ?? "pid unknown")]
        var marks = lane.marks.filter { $0.kind != .death && filter.includes($0.time) }[...]
        for span in lane.spans where filter.overlaps(span.start, span.end) {
            while let mark = marks.first, mark.time < span.start {
                lines.append(row(mark))
                marks.removeFirst()
            }
            let duration = span.end.map { DurationText.describe(nanoseconds: $0.nanoseconds - span.start.nanoseconds) } ?? "…"
            let phase = Self.name(span.phase)
            let text = "    \(DurationText.clock(span.start).padding(12))  \(phase.padding(12)) \(duration.leftPadding(11))  \(TerminalText.sanitized(span.detail ?? ""))"
            lines.append(fit(text, at: span.location, paint: { $0.replacingOccurrences(of: phase, with: paint(phase, Self.color(span.phase), bold: false)) }))
            while let mark = marks.first, span.end.map({ mark.time < $0 }) ?? true {
                lines.append(row(mark))
                marks.removeFirst()
            }
        }
        lines += marks.map(row)
        return lines
    }

    private func row(_ mark: Timeline.Mark) -> String {
        let more = mark.count > 1 ? " (and \(mark.count - 1) more)" : ""
        let label = mark.kind == .finding ? "✖ \(mark.label) (\(mark.severity?.rawValue ?? "finding"))" : "• \(TerminalText.sanitized(mark.label))\(more)"
        let text = "      \(DurationText.clock(mark.time).padding(12))  \(label)"
        return fit(text, at: mark.location) { mark.kind == .finding ? $0.replacingOccurrences(of: label, with: paint(label, "31", bold: true)) : $0 }
    }

    /// Cuts the text so that it and `line N` (`line N, column C` in a one-line JSON document)
    /// fit the width, then paints it.
    private func fit(_ text: String, at location: SourceLocation, paint: (String) -> String = { $0 }) -> String {
        let suffix = location.lineText
        let room = Self.width - suffix.count - 1
        var body = text
        if body.count > room { body = String(body.prefix(room - 1)) + "…" }
        return paint(body) + String(repeating: " ", count: max(1, Self.width - body.count - suffix.count)) + suffix
    }

    static func name(_ phase: AppPhase) -> String {
        switch phase {
        case .foregroundActive: "active"
        case .foregroundInactive: "inactive"
        case .background: "background"
        case .notRunning: "not running"
        }
    }

    private static func color(_ phase: AppPhase) -> String {
        switch phase {
        case .foregroundActive: "32"
        case .foregroundInactive: "33"
        case .background: "34"
        case .notRunning: "90"
        }
    }

    /// Words of `text` in lines of at most the width, indented.
    static func wrap(_ text: String, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(String(repeating: " ", count: indent) + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(String(repeating: " ", count: indent) + line) }
        return lines
    }

    private func paint(_ text: String, _ color: String?, bold: Bool) -> String {
        style.paint(text, color, bold: bold)
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    fileprivate func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
