import LifelintModel

/// What each app went through in a trace, per process incarnation: its phases as spans and the
/// events that matter as marks (saves with their durations, background tasks, deaths with
/// their reason, cold starts and what they restored, resyncs, socket probes, input), with the
/// findings placed where they occur. `lifelint timeline` prints it; the HTML report draws it.
public struct Timeline: Sendable {
    /// One app's process incarnation: a swimlane.
    public struct Lane: Sendable {
        public var app: String
        public var pid: Int32?
        public var platform: Platform
        public var spans: [Span] = []
        public var marks: [Mark] = []

        public var start: Timestamp? { [spans.first?.start, marks.first?.time].compactMap { $0 }.min() }
        public var end: Timestamp? {
            let spanEnd = spans.last.map { $0.end ?? $0.start }
            return [spanEnd, marks.last?.time].compactMap { $0 }.max()
        }
    }

    /// A stretch of one phase. `end` is nil when the trace ends inside it.
    public struct Span: Sendable {
        public var phase: AppPhase
        public var start: Timestamp
        public var end: Timestamp?
        public var location: SourceLocation
        /// Why the phase began: `launch`, `background`, `system-kill` (`after`), or a death's reason.
        public var detail: String?
        /// How many spans of a very long lane this one stands for (see `TimelineBuilder`).
        public var merged = 1
    }

    public struct Mark: Sendable {
        public enum Kind: String, Sendable, CaseIterable {
            case input, save
            case backgroundTask = "background-task"
            case death
            case coldStart = "cold-start"
            case restore, resync, probe, finding
        }

        public var kind: Kind
        public var time: Timestamp
        public var label: String
        public var location: SourceLocation
        /// The finding's severity, for finding marks.
        public var severity: Severity?
        /// The index of the finding in the trace's findings, for finding marks.
        public var findingIndex: Int?
        /// How many events of a very long lane this mark stands for (see `TimelineBuilder`).
        public var count = 1
    }

    public var lanes: [Lane]

    public var start: Timestamp? { lanes.compactMap(\.start).min() }
    public var end: Timestamp? { lanes.compactMap(\.end).max() }
}
