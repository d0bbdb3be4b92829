import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// One trace's timeline as an SVG drawing: a swimlane per app incarnation (one app's processes
/// side by side), phases as coloured spans, events as marks of their own shape and colour,
/// findings as red triangles whose ids the findings list links to. The marks a post-mortem
/// turns on (process deaths, cold starts, saves, restores) carry their time and what they were
/// in words above the lane. Idle stretches are drawn shortened (`TimelineAxis`), and each
/// stretch after a break says when it starts. Whatever the trace's size the drawing stays small:
/// spans narrower than a pixel are merged, marks that would overlap are drawn once with a count,
/// and at most `maximumLanes` lanes are drawn (those with findings first).
struct TimelineSVG {
    static let plotWidth = 1000.0
    static let labelWidth = 210.0
    static let axisHeight = 34.0
    static let laneHeight = 74.0
    /// Where a lane's phase bar sits in it; the story labels and finding marks are above it.
    static let barTop = 40.0
    static let barHeight = 22.0
    static let maximumLanes = 60
    /// Marks closer than this many pixels are drawn as one.
    static let markBin = 5.0
    /// The story labels' rows (baselines within a lane) and the width one of their characters
    /// takes at their size, to keep them from overlapping.
    static let labelRows = [13.0, 27.0]
    static let labelCharacterWidth = 6.4
    /// The kinds of mark whose time and words are written above the lane, most important first.
    static let toldKinds: [Timeline.Mark.Kind] = [.death, .coldStart, .save, .restore]

    let timeline: Timeline
    /// Prefix for element ids, unique per trace in the page.
    let idPrefix: String

    func render() -> String {
        guard let end = timeline.end else {
            return "<p class=\"empty\">No lifecycle events in this trace.</p>"
        }
        let lanes = Self.groupedByApp(chosenLanes())
        let axis = TimelineAxis(times: Self.times(of: lanes, end: end), left: Self.labelWidth, width: Self.plotWidth)
        guard axis.start != nil else { return "<p class=\"empty\">No lifecycle events in this trace.</p>" }
        func x(_ time: Timestamp) -> Double { axis.x(time.nanoseconds) }
        let height = Self.axisHeight + Double(lanes.count) * Self.laneHeight + 6
        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(Int(Self.labelWidth + Self.plotWidth + 24)) \(Int(height))\" role=\"img\" aria-label=\"timeline\">\n"
        svg += stripes(lanes)
        svg += ticks(axis, height: height)
        for (row, lane) in lanes.enumerated() {
            let top = Self.axisHeight + Double(row) * Self.laneHeight
            let continues = row > 0 && lanes[row - 1].app == lane.app
            svg += "<g class=\"lane\">"
            svg += label(lane, top: top, continues: continues)
            svg += spans(lane, top: top, x: x, end: end)
            svg += marks(lane, top: top, x: x)
            svg += "</g>\n"
        }
        // Over the breaks, which cut the spans: the story stays legible where it crosses one.
        svg += breaks(axis, height: height)
        for (row, lane) in lanes.enumerated() {
            svg += storyLabels(lane, top: Self.axisHeight + Double(row) * Self.laneHeight, x: x)
        }
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
            let a = timeline.lanes[left]
            let b = timeline.lanes[right]
            let findingsA = a.marks.filter { $0.kind == .finding }.count
            let findingsB = b.marks.filter { $0.kind == .finding }.count
            return findingsA != findingsB ? findingsA > findingsB : a.marks.count + a.spans.count > b.marks.count + b.spans.count
        }
        return ranked.prefix(Self.maximumLanes).sorted().map { timeline.lanes[$0] }
    }

    /// One app's processes next to each other, apps in the order they first appear: a process
    /// that died and the next one of the same app read as one story.
    static func groupedByApp(_ lanes: [Timeline.Lane]) -> [Timeline.Lane] {
        var order: [String: Int] = [:]
        for lane in lanes where order[lane.app] == nil { order[lane.app] = order.count }
        return lanes.indices.sorted { (order[lanes[$0].app]!, $0) < (order[lanes[$1].app]!, $1) }.map { lanes[$0] }
    }

    /// A light band behind every other app, so its lanes read as one group.
    private func stripes(_ lanes: [Timeline.Lane]) -> String {
        var svg = ""
        var group = 0
        for (row, lane) in lanes.enumerated() {
            if row > 0, lanes[row - 1].app != lane.app { group += 1 }
            guard group % 2 == 1 else { continue }
            let top = Self.axisHeight + Double(row) * Self.laneHeight
            svg += "<rect class=\"stripe\" x=\"0\" y=\"\(format(top))\" width=\"\(format(Self.labelWidth + Self.plotWidth + 24))\" height=\"\(format(Self.laneHeight))\"/>"
        }
        return svg.isEmpty ? "" : svg + "\n"
    }

    /// The app (bold; greyed for its later processes) and the pid under it.
    private func label(_ lane: Timeline.Lane, top: Double, continues: Bool) -> String {
        let app = lane.app.count > 27 ? "…" + lane.app.suffix(26) : lane.app
        let y = top + Self.barTop + 10
        var svg =
            "<text class=\"lane-label\(continues ? " continues" : "")\" x=\"6\" y=\"\(format(y))\">\(HTMLText.escaped(app))<title>\(HTMLText.escaped(lane.app))</title></text>"
        if let pid = lane.pid { svg += "<text class=\"lane-pid\" x=\"6\" y=\"\(format(y + 15))\">pid \(pid)</text>" }
        return svg
    }

    /// Gridlines and labels at round times, and the start of each stretch after a break.
    private func ticks(_ axis: TimelineAxis, height: Double) -> String {
        guard let reference = timeline.start else { return "" }
        let ticks = axis.ticks(utcOffsetSeconds: reference.utcOffsetSeconds ?? 0)
        let step = zip(ticks, ticks.dropFirst()).map { $1 - $0 }.min() ?? 60_000_000_000
        func time(_ nanoseconds: Int64) -> Timestamp {
            Timestamp(clock: reference.clock, nanoseconds: nanoseconds, utcOffsetSeconds: reference.utcOffsetSeconds, fractionDigits: 3)
        }
        var svg = "<g class=\"axis\">"
        var labelled: [Double] = []
        for tick in ticks {
            let position = axis.x(tick)
            let anchor = position < Self.labelWidth + 24 ? "start" : position > Self.labelWidth + Self.plotWidth - 24 ? "end" : "middle"
            svg += "<line x1=\"\(format(position))\" y1=\"20\" x2=\"\(format(position))\" y2=\"\(format(height))\"/>"
            svg += "<text x=\"\(format(position))\" y=\"14\" text-anchor=\"\(anchor)\">\(HTMLText.escaped(Self.tickLabel(time(tick), step: step)))</text>"
            labelled.append(position)
        }
        for stretch in axis.stretches.dropFirst() where !labelled.contains(where: { abs($0 - stretch.left) < 70 }) {
            let text = Self.tickLabel(time(stretch.start), step: 1_000_000_000)
            let nearEnd = stretch.left > Self.labelWidth + Self.plotWidth - 60
            svg +=
                "<text class=\"resumes\" x=\"\(format(nearEnd ? Self.labelWidth + Self.plotWidth + 20 : stretch.left + 2))\" y=\"14\" "
                + "text-anchor=\"\(nearEnd ? "end" : "start")\">\(HTMLText.escaped(text))</text>"
            labelled.append(stretch.left)
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
            return "<g class=\"break\"><rect x=\"\(format(gap.left + 3))\" y=\"20\" width=\"\(format(gap.right - gap.left - 6))\" height=\"\(format(height - 20))\"/>"
                + "<line x1=\"\(format(gap.left + 3))\" y1=\"20\" x2=\"\(format(gap.left + 3))\" y2=\"\(format(height))\"/>"
                + "<line x1=\"\(format(gap.right - 3))\" y1=\"20\" x2=\"\(format(gap.right - 3))\" y2=\"\(format(height))\"/>"
                + "<text x=\"\(format(middle))\" y=\"30\" text-anchor=\"middle\">\(HTMLText.escaped(Self.compact(gap.nanoseconds)))</text>"
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
            let left = x(span.start)
            let right = x(span.end ?? end)
            // Narrower than a pixel and inside one already drawn: merged into it.
            if right - left < 1, left < drawnTo { continue }
            let width = max(right - left, 1)
            drawnTo = left + width
            let duration = span.end.map { ", " + DurationText.describe(nanoseconds: $0.nanoseconds - span.start.nanoseconds) } ?? ""
            let title =
                "\(TimelineTextRenderer.name(span.phase)) from \(DurationText.clock(span.start))\(duration)\(span.detail.map { " (\($0))" } ?? "") — \(span.location.lineText)"
            svg +=
                "<rect class=\"phase \(span.phase.rawValue)\(width < 3 ? " thin" : "")\" x=\"\(format(left))\" y=\"\(format(top + Self.barTop))\" "
                + "width=\"\(format(width))\" height=\"\(format(Self.barHeight))\"><title>\(HTMLText.escaped(title))</title></rect>"
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
        let middle = top + Self.barTop + Self.barHeight / 2
        for bin in order {
            let group = bins[bin]!
            let first = group[0]
            let events = group.reduce(0) { $0 + $1.count }
            if events == 1 {
                let title = HTMLText.escaped("\(DurationText.clock(first.time)) \(first.label) — \(first.location.lineText)")
                svg += TimelineMarkShape.element(first.kind, x: x(first.time), y: middle, title: title)
            } else {
                let shown = group.prefix(8).map { "\(DurationText.clock($0.time)) \($0.label) — \($0.location.lineText)" }.joined(separator: "\n")
                let more = group.count > 8 ? "\n… and more" : ""
                svg +=
                    "<circle class=\"mark cluster\" cx=\"\(format(x(first.time)))\" cy=\"\(format(middle))\" r=\"5.5\"><title>\(HTMLText.escapedKeepingLines("\(events) events\n\(shown)\(more)"))</title></circle>"
            }
        }
        for mark in lane.marks where mark.kind == .finding {
            let id = "\(idPrefix)-finding-\(mark.findingIndex ?? 0)"
            let title = HTMLText.escaped("\(mark.label) (\(mark.severity?.rawValue ?? "finding")) at \(DurationText.clock(mark.time)) — \(mark.location.lineText)")
            svg += "<g id=\"\(id)\" class=\"finding \(mark.severity?.rawValue ?? "error")\"><a href=\"#\(id)-item\">"
            svg += TimelineMarkShape.element(.finding, x: x(mark.time), y: top + Self.barTop - 1, title: title) + "</a></g>"
        }
        return svg
    }

    /// The time and words of the deaths, cold starts, saves and restores, above the lane, each
    /// with a stem to its mark: in the first of the rows where it overlaps no other label, or
    /// left to its tooltip when neither has room.
    private func storyLabels(_ lane: Timeline.Lane, top: Double, x: (Timestamp) -> Double) -> String {
        let told = lane.marks.filter { Self.toldKinds.contains($0.kind) }
            .sorted { (Self.toldKinds.firstIndex(of: $0.kind)!, $0.time) < (Self.toldKinds.firstIndex(of: $1.kind)!, $1.time) }
        var taken = [[ClosedRange<Double>]](repeating: [], count: Self.labelRows.count)
        var svg = ""
        for mark in told {
            let text = Self.story(mark)
            let width = Double(text.count) * Self.labelCharacterWidth
            let position = x(mark.time)
            let right = Self.labelWidth + Self.plotWidth + 20
            let (left, anchor) = position - 2 + width <= right ? (position - 2, "start") : (position + 2 - width, "end")
            let extent = (left - 4)...(left + width + 4)
            guard let row = taken.indices.first(where: { row in !taken[row].contains { $0.overlaps(extent) } }) else { continue }
            taken[row].append(extent)
            let baseline = top + Self.labelRows[row]
            svg +=
                "<line class=\"stem \(mark.kind.rawValue)\" x1=\"\(format(position))\" y1=\"\(format(baseline + 3))\" x2=\"\(format(position))\" y2=\"\(format(top + Self.barTop))\"/>"
            svg +=
                "<text class=\"story \(mark.kind.rawValue)\" x=\"\(format(anchor == "start" ? position - 2 : position + 2))\" y=\"\(format(baseline))\" text-anchor=\"\(anchor)\">"
                + "\(HTMLText.escaped(text))</text>"
        }
        return svg
    }

    /// `09:41:17 system kill (low-memory)`: the time of day and the mark's words, the part of a
    /// cold start's after its `;` left to the tooltip.
    static func story(_ mark: Timeline.Mark) -> String {
        let time = DurationText.clock(mark.time)
        let clock = mark.time.clock == .wall ? String(time.prefix(8)) : time
        let words = mark.kind == .coldStart ? String(mark.label.prefix { $0 != ";" }) : mark.label
        return clock + " " + (words.count > 36 ? words.prefix(35) + "…" : words)
    }

    private func format(_ value: Double) -> String { TimelineMarkShape.format(value) }
}
