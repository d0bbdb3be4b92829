import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// One trace's timeline as an SVG drawing: a swimlane per app incarnation, phases as coloured
/// spans, events as marks, findings as red triangles whose ids the findings list links to.
/// Idle stretches are drawn shortened (`TimelineAxis`). Whatever the trace's size the drawing
/// stays small: spans narrower than a pixel are merged,
/// marks that would overlap are drawn once with a count, and at most `maximumLanes` lanes are
/// drawn (those with findings first).
struct TimelineSVG {
    static let plotWidth = 1000.0
    static let labelWidth = 230.0
    static let laneHeight = 30.0
    static let axisHeight = 28.0
    static let maximumLanes = 60
    /// Marks closer than this many pixels are drawn as one.
    static let markBin = 4.0

    let timeline: Timeline
    /// Prefix for element ids, unique per trace in the page.
    let idPrefix: String

    func render() -> String {
        guard let end = timeline.end else {
            return "<p class=\"empty\">No lifecycle events in this trace.</p>"
        }
        let lanes = chosenLanes()
        let axis = TimelineAxis(times: Self.times(of: lanes, end: end), left: Self.labelWidth, width: Self.plotWidth)
        guard axis.start != nil else { return "<p class=\"empty\">No lifecycle events in this trace.</p>" }
        func x(_ time: Timestamp) -> Double { axis.x(time.nanoseconds) }
        let height = Self.axisHeight + Double(lanes.count) * Self.laneHeight + 8
        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(Int(Self.labelWidth + Self.plotWidth + 20)) \(Int(height))\" role=\"img\" aria-label=\"timeline\">\n"
        svg += ticks(axis, height: height)
        for (row, lane) in lanes.enumerated() {
            let top = Self.axisHeight + Double(row) * Self.laneHeight
            svg += "<g class=\"lane\">"
            svg += "<text class=\"lane-label\" x=\"4\" y=\"\(format(top + 19))\">\(HTMLText.escaped(label(lane)))<title>\(HTMLText.escaped(lane.app))</title></text>"
            svg += spans(lane, top: top, x: x, end: end)
            svg += marks(lane, top: top, x: x)
            svg += "</g>\n"
        }
        svg += breaks(axis, height: height)
        svg += "</svg>\n"
        let hidden = timeline.lanes.count - lanes.count
        if hidden > 0 { svg += "<p class=\"note\">\(hidden) more lane\(hidden == 1 ? "" : "s") not drawn (apps without findings, fewest events first).</p>\n" }
        return svg
    }

    /// Every time the drawing places: span boundaries and marks.
    private static func times(of lanes: [Timeline.Lane], end: Timestamp) -> [Int64] {
        lanes.flatMap { lane in
            lane.spans.flatMap { [$0.start.nanoseconds, ($0.end ?? end).nanoseconds] } + lane.marks.map(\.time.nanoseconds)
        }
    }

    /// Lanes with findings first, then the busiest; drawn in their original order.
    private func chosenLanes() -> [Timeline.Lane] {
        guard timeline.lanes.count > Self.maximumLanes else { return timeline.lanes }
        let ranked = timeline.lanes.indices.sorted { left, right in
            let a = timeline.lanes[left], b = timeline.lanes[right]
            let findingsA = a.marks.filter { $0.kind == .finding }.count, findingsB = b.marks.filter { $0.kind == .finding }.count
            return findingsA != findingsB ? findingsA > findingsB : a.marks.count + a.spans.count > b.marks.count + b.spans.count
        }
        return ranked.prefix(Self.maximumLanes).sorted().map { timeline.lanes[$0] }
    }

    private func label(_ lane: Timeline.Lane) -> String {
        let pid = lane.pid.map { " · \($0)" } ?? ""
        let text = lane.app + pid
        return text.count > 30 ? "…" + text.suffix(29) : text
    }

    /// Gridlines and labels at round times.
    private func ticks(_ axis: TimelineAxis, height: Double) -> String {
        guard let reference = timeline.start else { return "" }
        let ticks = axis.ticks(utcOffsetSeconds: reference.utcOffsetSeconds ?? 0)
        let step = zip(ticks, ticks.dropFirst()).map { $1 - $0 }.min() ?? 60_000_000_000
        var svg = "<g class=\"axis\">"
        for tick in ticks {
            let position = axis.x(tick)
            let time = Timestamp(clock: reference.clock, nanoseconds: tick, utcOffsetSeconds: reference.utcOffsetSeconds, fractionDigits: 3)
            let anchor = position < Self.labelWidth + 20 ? "start" : position > Self.labelWidth + Self.plotWidth - 20 ? "end" : "middle"
            svg += "<line x1=\"\(format(position))\" y1=\"16\" x2=\"\(format(position))\" y2=\"\(format(height))\"/>"
            svg += "<text x=\"\(format(position))\" y=\"12\" text-anchor=\"\(anchor)\">\(HTMLText.escaped(Self.tickLabel(time, step: step)))</text>"
        }
        return svg + "</g>\n"
    }

    /// `09:15` for steps of minutes, `09:15:40` for seconds, `09:15:40.250` below.
    static func tickLabel(_ time: Timestamp, step: Int64) -> String {
        let text = DurationText.clock(time)
        guard time.clock == .wall else { return text }
        if step >= 60_000_000_000, step % 60_000_000_000 == 0 { return String(text.prefix(5)) }
        if step >= 1_000_000_000 { return String(text.prefix(8)) }
        return text
    }

    /// Each compressed gap: a band over the lanes, and how long it was.
    private func breaks(_ axis: TimelineAxis, height: Double) -> String {
        axis.breaks.map { gap in
            let middle = (gap.left + gap.right) / 2
            let title = HTMLText.escaped("\(DurationText.describe(nanoseconds: gap.nanoseconds)) without events, drawn shortened")
            return "<g class=\"break\"><rect x=\"\(format(gap.left + 3))\" y=\"16\" width=\"\(format(gap.right - gap.left - 6))\" height=\"\(format(height - 16))\"/>"
                + "<line x1=\"\(format(gap.left + 3))\" y1=\"16\" x2=\"\(format(gap.left + 3))\" y2=\"\(format(height))\"/>"
                + "<line x1=\"\(format(gap.right - 3))\" y1=\"16\" x2=\"\(format(gap.right - 3))\" y2=\"\(format(height))\"/>"
                + "<text x=\"\(format(middle))\" y=\"25\" text-anchor=\"middle\">\(HTMLText.escaped(Self.compact(gap.nanoseconds)))</text>"
                + "<title>\(title)</title></g>"
        }.joined() + "\n"
    }

    /// `40s`, `25m`, `3h`: short enough for a break's width.
    static func compact(_ nanoseconds: Int64) -> String {
        let seconds = nanoseconds / 1_000_000_000
        if seconds < 120 { return "\(seconds)s" }
        if seconds < 7_200 { return "\(seconds / 60)m" }
        if seconds < 172_800 { return "\(seconds / 3_600)h" }
        return "\(seconds / 86_400)d"
    }

    private func spans(_ lane: Timeline.Lane, top: Double, x: (Timestamp) -> Double, end: Timestamp) -> String {
        var svg = ""
        var drawnTo = -1.0
        for span in lane.spans {
            let left = x(span.start), right = x(span.end ?? end)
            // Narrower than a pixel and inside one already drawn: merged into it.
            if right - left < 1, left < drawnTo { continue }
            let width = max(right - left, 1)
            drawnTo = left + width
            let duration = span.end.map { ", " + DurationText.describe(nanoseconds: $0.nanoseconds - span.start.nanoseconds) } ?? ""
            let title = "\(TimelineTextRenderer.name(span.phase)) from \(DurationText.clock(span.start))\(duration)\(span.detail.map { " (\($0))" } ?? "") — \(span.location.lineText)"
            svg += "<rect class=\"phase \(span.phase.rawValue)\(width < 3 ? " thin" : "")\" x=\"\(format(left))\" y=\"\(format(top + 6))\" width=\"\(format(width))\" height=\"18\"><title>\(HTMLText.escaped(title))</title></rect>"
        }
        return svg
    }

    private func marks(_ lane: Timeline.Lane, top: Double, x: (Timestamp) -> Double) -> String {
        var svg = ""
        var bins: [Int: [Timeline.Mark]] = [:]
        var order: [Int] = []
        for mark in lane.marks where mark.kind != .finding {
            let bin = Int(x(mark.time) / Self.markBin)
            if bins[bin] == nil { order.append(bin) }
            bins[bin, default: []].append(mark)
        }
        for bin in order {
            let group = bins[bin]!
            let first = group[0]
            let cx = format(x(first.time))
            let events = group.reduce(0) { $0 + $1.count }
            if events == 1 {
                svg += "<circle class=\"mark \(first.kind.rawValue)\" cx=\"\(cx)\" cy=\"\(format(top + 15))\" r=\"3.5\"><title>\(HTMLText.escaped("\(DurationText.clock(first.time)) \(first.label) — \(first.location.lineText)"))</title></circle>"
            } else {
                let shown = group.prefix(8).map { "\(DurationText.clock($0.time)) \($0.label) — \($0.location.lineText)" }.joined(separator: "\n")
                let more = group.count > 8 ? "\n… and more" : ""
                svg += "<circle class=\"mark cluster\" cx=\"\(cx)\" cy=\"\(format(top + 15))\" r=\"5\"><title>\(HTMLText.escapedKeepingLines("\(events) events\n\(shown)\(more)"))</title></circle>"
            }
        }
        for mark in lane.marks where mark.kind == .finding {
            let cx = x(mark.time)
            let y = top + 4
            let id = "\(idPrefix)-finding-\(mark.findingIndex ?? 0)"
            svg += "<g id=\"\(id)\" class=\"finding \(mark.severity?.rawValue ?? "error")\"><a href=\"#\(id)-item\"><polygon points=\"\(format(cx - 5)),\(format(y)) \(format(cx + 5)),\(format(y)) \(format(cx)),\(format(y + 9))\"/>"
            svg += "<title>\(HTMLText.escaped("\(mark.label) (\(mark.severity?.rawValue ?? "finding")) at \(DurationText.clock(mark.time)) — \(mark.location.lineText)"))</title></a></g>"
        }
        return svg
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
