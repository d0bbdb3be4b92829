/// A seeded event-dense JSON Lines trace in which every record is a lifecycle event: 40 apps
/// living through foreground/background cycles, editing, saving under a background task,
/// staying away for seconds, probing their socket and resyncing when they return, and now and
/// then killed in the background and restored. The apps behave well, so the trace is mostly
/// clean: it measures what the engine costs per event, not what reporting findings costs.
///
/// Two shapes. `.turns`: events 0.75 ms apart on average and apps away for 2 to 30 s, so
/// nearly always one app is busy while the others are away, and few apps have a phase or a
/// monitor open at once. `.interleaved`: events 12.5 ms apart on average and apps away for 1 to
/// 4 s (past the 700 ms that makes a stop a departure), so about 30 of the 40 apps are busy at
/// any moment, their events interleaved, and each app's socket and sync events are logged by a
/// second process (its `:sync` service): many apps have a save, a background task or a
/// deadline open at once.
struct SyntheticLifecycle {
    enum Shape {
        case turns
        case interleaved
    }

    static let appCount = 40

    private let shape: Shape
    private var random: SplitMix64
    private var microseconds: Int64 = 1_704_700_800_000_000
    private var apps: [AppScript]

    init(seed: UInt64, shape: Shape = .turns) {
        self.shape = shape
        random = SplitMix64(seed: seed)
        apps = (0..<Self.appCount).map { AppScript(index: $0) }
    }

    mutating func appendLine(to buffer: inout [UInt8]) {
        microseconds += Int64(shape == .turns ? random.next(upTo: 1500) : 5000 + random.next(upTo: 15_000))
        let index = nextAwakeApp()
        let pids = (apps[index].pid, apps[index].servicePid)
        let step = apps[index].next(killed: random.next(upTo: 40) == 0, edits: 1 + random.next(upTo: 6))
        if step.sleeps {
            let away = shape == .turns ? 2_000_000 + random.next(upTo: 28_000_000) : 1_000_000 + random.next(upTo: 3_000_000)
            apps[index].wakeAt = microseconds + Int64(away)
        }
        let seconds = microseconds / 1_000_000
        let fraction = String(microseconds % 1_000_000)
        let time = "\(seconds).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
        let pid = shape == .interleaved && step.onService ? pids.1 : pids.0
        let line = #"{"time":\#(time),"event":"\#(step.name)","app":"com.example.app\#(index)","pid":\#(pid),"platform":"android","attrs":{\#(step.attributes)}}"#
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// A random app that is not away in the background; when all are, time moves on to the
    /// first that comes back.
    private mutating func nextAwakeApp() -> Int {
        let start = random.next(upTo: Self.appCount)
        for offset in 0..<Self.appCount where apps[(start + offset) % Self.appCount].wakeAt <= microseconds {
            return (start + offset) % Self.appCount
        }
        let first = apps.indices.min { apps[$0].wakeAt < apps[$1].wakeAt }!
        microseconds = apps[first].wakeAt
        return first
    }
}

/// One app's script: the steps of a foreground/background cycle, played one per call.
private struct AppScript {
    struct Step {
        let name: String
        let attributes: String
        /// The app leaves the foreground for a while after this step.
        var sleeps = false

        /// Socket and sync work, which an app may run in a service process of its own.
        var onService: Bool { name.hasPrefix("socket.") || name.hasPrefix("sync.") }
    }

    let index: Int
    private(set) var pid: Int
    var wakeAt: Int64 = 0
    /// The app's `:sync` service process.
    var servicePid: Int { pid + 50 }
    private var queue: [Step] = []

    init(index: Int) {
        self.index = index
        pid = 5000 + index
        queue = coldStart()
    }

    /// The next step, under the pid the app had before it: a death's step is the dead
    /// process's, and the steps after it the new one's.
    mutating func next(killed: Bool, edits: Int) -> Step {
        if queue.isEmpty { queue = cycle(killed: killed, edits: edits) }
        let step = queue.removeFirst()
        if step.name == "process.died" { pid += 100 }
        return step
    }

    private var component: String { #""component":"com.example.app\#(index)/.EditorActivity""# }

    private func coldStart() -> [Step] {
        [
            Step(name: "process.started", attributes: #""package":"com.example.app\#(index)","hosting":"top-activity""#),
            Step(name: "activity.created", attributes: component),
            Step(name: "activity.started", attributes: component),
            Step(name: "activity.resumed", attributes: component),
            Step(name: "screen.shown", attributes: #""route":"editor/note-\#(index)","restored":"false""#),
            Step(name: "socket.open", attributes: #""url":"wss://sync.example.com""#),
        ]
    }

    private mutating func cycle(killed: Bool, edits: Int) -> [Step] {
        var steps = (0..<edits).map { Step(name: "input.edited", attributes: #""field":"body","chars":"\#(40 * $0 + 12)""#) }
        steps += [
            Step(name: "socket.send", attributes: #""bytes":"\#(200 + edits)""#),
            Step(name: "activity.paused", attributes: component),
            Step(name: "bgtask.begin", attributes: #""name":"save-draft""#),
            Step(name: "persist.begin", attributes: #""key":"draft","bytes":"\#(400 + edits)""#),
            Step(name: "activity.stopped", attributes: component),
            Step(name: "state.saved", attributes: #""bytes":"2318""#),
            Step(name: "persist.end", attributes: #""key":"draft","ok":"true""#),
            Step(name: "bgtask.end", attributes: #""name":"save-draft""#, sleeps: true),
        ]
        if killed {
            steps.append(Step(name: "process.died", attributes: #""reason":"low-memory""#))
            steps += coldStart().prefix(4)
            steps += [
                Step(name: "state.restored", attributes: #""bytes":"2318""#),
                Step(name: "socket.open", attributes: #""url":"wss://sync.example.com""#),
                Step(name: "sync.resync", attributes: #""reason":"cold-start""#),
                Step(name: "screen.shown", attributes: #""route":"editor/note-\#(index)","restored":"true""#),
            ]
        } else {
            steps += [
                Step(name: "activity.started", attributes: component),
                Step(name: "activity.resumed", attributes: component),
                Step(name: "socket.probe", attributes: #""timeout_ms":"3000""#),
                Step(name: "socket.pong", attributes: ""),
                Step(name: "sync.resync", attributes: #""reason":"foreground""#),
            ]
        }
        return steps
    }
}
