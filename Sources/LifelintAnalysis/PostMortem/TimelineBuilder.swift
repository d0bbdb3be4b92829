import LifelintModel

/// Builds the `Timeline` from the derived event stream (platform events and `phase.*`), then
/// places the findings on it.
///
/// Memory stays bounded however long the trace: when a lane holds more than
/// `maximumItemsPerLane` spans or marks, the lane's time is cut into buckets (of a width that
/// doubles as needed) and what falls into one bucket is merged (a mark then stands for several
/// events, a span for several phases), so the whole lane keeps one even resolution, finer than
/// a screen's. The findings are never merged.
public struct TimelineBuilder {
    static let maximumItemsPerLane = 4096

    /// The merging resolution of a lane (its buckets' origin and width), from its first overflow.
    private var buckets: [Int: (origin: Timestamp, width: Int64)] = [:]

    private var lanes: [Timeline.Lane] = []
    /// The lane each app is writing to, by app name.
    private var current: [String: Int] = [:]
    /// Every lane of each app, in order: findings find theirs without a scan of every lane.
    private var lanesOfApp: [String: [Int]] = [:]
    private var pendingSaves: [String: Event] = [:]
    private var pendingTasks: [String: Event] = [:]

    public init() {}

    public mutating func process(_ event: Event) {
        // An event without a time (a `raw` logcat line) has no place on a time axis.
        guard event.time.clock != .unknown else { return }
        if event.name.is(.phaseColdStart) || current[event.app] == nil {
            if let previous = current[event.app] { close(previous, at: event.time) }
            current[event.app] = lanes.count
            lanesOfApp[event.app, default: []].append(lanes.count)
            lanes.append(Timeline.Lane(app: event.app, pid: event.pid, platform: event.platform))
        }
        let index = current[event.app]!
        if lanes[index].pid == nil { lanes[index].pid = event.pid }
        if lanes[index].platform == .unknown { lanes[index].platform = event.platform }
        switch event.name.known {
        case .phaseActive?: open(index, .foregroundActive, event, detail: event.attributes["after"].map { "after \(Attributes.shown($0))" })
        case .phaseInactive?: open(index, .foregroundInactive, event, detail: nil)
        case .phaseBackground?: open(index, .background, event, detail: nil)
        case .phaseTerminated?: open(index, .notRunning, event, detail: Self.death(event))
        default: mark(index, event)
        }
    }

    private mutating func open(_ index: Int, _ phase: AppPhase, _ event: Event, detail: String?) {
        close(index, at: event.time)
        let span = Timeline.Span(phase: phase, start: event.time, end: nil, location: event.source, detail: detail)
        Self.append(span, to: &lanes[index].spans, buckets: buckets[index], time: \.start, merge: Self.merge)
        if lanes[index].spans.count > Self.maximumItemsPerLane { coarsen(index) }
        if phase == .notRunning { add(index, .death, event, Self.death(event)) }
    }

    private mutating func close(_ index: Int, at time: Timestamp) {
        guard let last = lanes[index].spans.indices.last, lanes[index].spans[last].end == nil else { return }
        lanes[index].spans[last].end = time
    }

    private static func death(_ event: Event) -> String { DeathDescription(event).short }

    private mutating func mark(_ index: Int, _ event: Event) {
        // Saves pair by key, background tasks by id, per app.
        var key: String { "\(event.app)\u{1F}\(event.attributes["key"] ?? event.attributes["id"] ?? "")" }
        switch event.name.known {
        case .inputEdited?: add(index, .input, event, "input" + (event.attributes["field"].map { " in \(Attributes.shown($0))" } ?? ""))
        case .persistBegin?: pendingSaves[key] = event
        case .persistEnd?:
            guard let begin = pendingSaves.removeValue(forKey: key) else { return }
            let failed = event.attributes["ok"] == "false" ? ", failed" : ""
            add(index, .save, begin, "save\(Self.quoted(begin.attributes["key"])), \(DurationText.describe(nanoseconds: event.time.nanoseconds - begin.time.nanoseconds))\(failed)")
        case .bgtaskBegin?: pendingTasks[key] = event
        case .bgtaskEnd?, .bgtaskExpired?:
            guard let begin = pendingTasks.removeValue(forKey: key) else { return }
            let how = event.name.is(.bgtaskExpired) ? "expired after" : "held"
            add(index, .backgroundTask, begin, "background task \(how) \(DurationText.describe(nanoseconds: event.time.nanoseconds - begin.time.nanoseconds))")
        case .phaseColdStart?:
            // A death of no known cause says nothing the lane's death mark does not.
            let after = event.attributes["after"].flatMap { $0 == "none" || $0 == "unknown" ? nil : " after \($0)" } ?? ""
            var left: [String] = []
            if event.attributes["saved_state"] == "true" { left.append("state") }
            if event.attributes["unsaved_input"] == "true" { left.append("input") }
            add(index, .coldStart, event, "cold start\(after)" + (left.isEmpty ? "" : "; left " + left.joined(separator: " and ")))
        case .stateRestored?, .navRestored?: add(index, .restore, event, event.name.is(.stateRestored) ? "restored state" : "restored navigation")
        case .screenShown? where event.attributes["restored"] == "true": add(index, .restore, event, "showed a restored screen")
        case .syncResync?, .authRefresh?, .syncCatchup?: add(index, .resync, event, event.name.rawValue)
        case .socketProbe?, .socketPong?, .socketProbeTimeout?: add(index, .probe, event, event.name.rawValue)
        default: break
        }
    }

    private static func quoted(_ key: String?) -> String { key.map { " '\(Attributes.shown($0))'" } ?? "" }

    private mutating func add(_ index: Int, _ kind: Timeline.Mark.Kind, _ event: Event, _ label: String) {
        let mark = Timeline.Mark(kind: kind, time: event.time, label: label, location: event.source)
        Self.append(mark, to: &lanes[index].marks, buckets: buckets[index], time: \.time, merge: Self.merge)
        if lanes[index].marks.count > Self.maximumItemsPerLane { coarsen(index) }
    }

    /// Doubles the lane's bucket width (or sets the first so the lane fits half the maximum)
    /// and merges its spans and marks to it.
    private mutating func coarsen(_ index: Int) {
        guard let start = lanes[index].start, let end = lanes[index].end else { return }
        let origin = buckets[index]?.origin ?? start
        let fitting = max(1, (end.nanoseconds - origin.nanoseconds) / Int64(Self.maximumItemsPerLane / 2))
        let width = max(fitting, (buckets[index]?.width ?? 0) * 2)
        buckets[index] = (origin, width)
        lanes[index].spans = Self.merged(lanes[index].spans, width: width, origin: origin, time: \.start, merge: Self.merge)
        lanes[index].marks = Self.merged(lanes[index].marks, width: width, origin: origin, time: \.time, merge: Self.merge)
    }

    private static func bucket(_ time: Timestamp, _ origin: Timestamp, _ width: Int64) -> Int64 {
        (time.nanoseconds - origin.nanoseconds) / width
    }

    /// Appends `item`, or merges it into the last item when both fall into one bucket.
    private static func append<Item>(
        _ item: Item, to items: inout [Item], buckets: (origin: Timestamp, width: Int64)?, time: KeyPath<Item, Timestamp>,
        merge: (inout Item, Item) -> Void
    ) {
        if let (origin, width) = buckets, let last = items.last, bucket(last[keyPath: time], origin, width) == bucket(item[keyPath: time], origin, width) {
            merge(&items[items.count - 1], item)
        } else {
            items.append(item)
        }
    }

    private static func merged<Item>(
        _ items: [Item], width: Int64, origin: Timestamp, time: KeyPath<Item, Timestamp>, merge: (inout Item, Item) -> Void
    ) -> [Item] {
        items.reduce(into: []) { result, item in append(item, to: &result, buckets: (origin, width), time: time, merge: merge) }
    }

    /// The first mark keeps its place, label and line, and counts the events of both.
    private static func merge(_ mark: inout Timeline.Mark, with other: Timeline.Mark) {
        mark.count += other.count
        if mark.kind != other.kind, !mark.label.hasSuffix(" events") { mark.label = "mixed events" }
    }

    /// The span runs on to the other's end, in the phase that lasted longer.
    private static func merge(_ span: inout Timeline.Span, with other: Timeline.Span) {
        let length = (span.end ?? other.start).nanoseconds - span.start.nanoseconds
        let otherLength = (other.end ?? other.start).nanoseconds - other.start.nanoseconds
        if otherLength > length { span.phase = other.phase }
        span.end = other.end
        span.merged += other.merged
        span.detail = "\(span.merged) phases"
    }

    /// The timeline, with saves and tasks still open marked as such and the findings placed in
    /// the lane of their app that was alive at their time.
    public mutating func finish(findings: [Finding]) -> Timeline {
        for (key, begin) in pendingSaves.sorted(by: { $0.key < $1.key }) {
            guard let index = laneIndex(app: begin.app, at: begin.time) else { continue }
            add(index, .save, begin, "save\(Self.quoted(String(key.split(separator: "\u{1F}").last ?? ""))) never ended")
        }
        for (_, begin) in pendingTasks.sorted(by: { $0.key < $1.key }) {
            guard let index = laneIndex(app: begin.app, at: begin.time) else { continue }
            add(index, .backgroundTask, begin, "background task never ended")
        }
        for (number, finding) in findings.enumerated() where finding.time.clock != .unknown {
            guard let index = laneIndex(app: finding.app, at: finding.time) else { continue }
            lanes[index].marks.append(
                Timeline.Mark(
                    kind: .finding, time: finding.time, label: finding.ruleID, location: finding.location, severity: finding.severity, findingIndex: number))
        }
        for index in lanes.indices { lanes[index].marks.sort { ($0.time, $0.location) < ($1.time, $1.location) } }
        return Timeline(lanes: lanes)
    }

    /// The app's last lane that had started by `time`.
    private func laneIndex(app: String, at time: Timestamp) -> Int? {
        let candidates = lanesOfApp[app] ?? []
        return candidates.last { (lanes[$0].start ?? time) <= time } ?? candidates.first
    }
}
