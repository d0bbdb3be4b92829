import LifelintModel

/// Names the process behind every event the trace lets it name, including from lines that
/// come later: an app's callbacks often precede the first line that names its pid
/// (`am_proc_died`, `am_kill`, `Process … has died`, lmkd), and Android 10's callbacks carry a
/// class name while the system's own lines carry the package (`am_stop_activity:
/// [0,72872426,vn.vietmap.live/.MainActivity]` beside `am_on_stop_called:
/// [0,vn.vietmap.live.MainActivity,…]`), or share an activity token with the app's
/// (`wm_pause_activity` and `wm_on_paused_called`).
///
/// Events of a pid nothing has named yet are held back, per process incarnation and in their
/// order, until a line names it; everything else passes at once. Memory is bounded: past
/// `capacity` held events the oldest incarnation's events go out under `pid N`, and so do
/// those still unnamed when the trace ends or when a new process takes the pid (counted in
/// `unnamedProcesses`).
struct ProcessAttribution {
    static let defaultCapacity = 10_000
    /// The name given to system_server's pid once a line shows it.
    static let systemServer = "system_server"
    /// Beyond this many remembered tokens or classes the memory of them starts again.
    static let directoryCapacity = 100_000
    /// A start names a live unnamed process whose events came just before it (merged buffers
    /// put the app's first lines a little ahead of system_server's `Start proc`); older events
    /// were another process's.
    static let adoptionWindowNanoseconds: Int64 = 10_000_000_000
    /// One start's reports (`Start proc` in the main buffer, `am_proc_start` in the events
    /// buffer) are written in one call, milliseconds apart: two starts of one live process
    /// further apart are two starts.
    static let repeatedReportWindowNanoseconds: Int64 = 2_000_000_000

    /// An unnamed process incarnation waiting on a token or class.
    private struct Waiting: Hashable {
        let pid: Int32
        let incarnation: Int
    }

    /// Events held at most, across all unnamed processes.
    let capacity: Int
    private(set) var table = ProcessTable()
    /// What the system's lines say: the package of each activity token and class.
    private var tokenPackages: [String: String] = [:]
    /// Nil when two packages claim the class (a library's activity), so it names nothing.
    private var classPackages: [String: String?] = [:]
    /// Unnamed incarnations by the tokens and classes of the callbacks they logged.
    private var waitingOnToken: [String: Waiting] = [:]
    private var waitingOnClass: [String: Set<Waiting>] = [:]

    private var held: [Int: (pid: Int32, events: [Event])] = [:]
    /// Incarnations with held events, oldest first (some may have been released since).
    private var holdOrder: [Int] = []
    private var holdOrderStart = 0
    private var heldCount = 0
    private(set) var unnamedProcesses = 0
    /// Evidence held for a pid that turned out to be system_server, dropped: it is the
    /// system's own failure, not an app's.
    private(set) var droppedSystemEvidence = 0
    /// Pids whose live process another start took, by the process taken from (few: a device
    /// reuses a pid only after its process died, which a capture usually shows).
    private var takenFrom: [Int32: String] = [:]

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = capacity
    }

    // MARK: Events

    /// Passes an event on, or holds it while its pid has no name. A `provisionalName` (an iOS
    /// executable's, standing in for the bundle id) is held like `pid N` and kept if nothing
    /// names the pid. An instrumented test's boundaries and declarations are never held: what
    /// happened during a test is told by their place among the apps' events, and the test's
    /// own process (`am instrument`'s) is seldom named in a capture.
    mutating func deliver(_ event: Event, provisionalName: Bool = false, emit: EventSink) {
        guard event.isNamedByPidOnly || provisionalName, let pid = event.pid, !Self.isTestLine(event) else { return emit(event) }
        let incarnation = table.current(pid)
        if let process = incarnation.process { return emit(Self.named(event, process: process)) }
        if incarnation.wasReleasedUnnamed { return emit(event) }
        if held[incarnation.id] == nil {
            holdOrder.append(incarnation.id)
            held[incarnation.id] = (pid, [])
        }
        held[incarnation.id]?.events.append(event)
        heldCount += 1
        if heldCount > capacity { releaseOldest(emit: emit) }
    }

    private static func isTestLine(_ event: Event) -> Bool {
        switch event.name.known {
        case .testStarted?, .testFinished?, .testExpect?: true
        default: false
        }
    }

    /// Releases everything still held, unnamed.
    mutating func finish(emit: EventSink) {
        while heldCount > 0 { releaseOldest(emit: emit) }
    }

    // MARK: What lines say

    /// A line names the process running under `pid` (start, death, kill, ANR, freezer, a
    /// Studio package column): its held events go out under the name.
    mutating func name(pid: Int32, process: some StringProtocol, emit: EventSink) {
        guard let incarnation = table.name(pid: pid, process: String(process)) else { return }
        release(incarnation.id, as: incarnation.process, emit: emit)
    }

    /// A start: a new incarnation, or the name of a live unnamed one whose lines came just
    /// before it. A process it replaces that nothing named goes out unnamed, in its order.
    /// `started` is false when this start was already reported; `ended` is the package of a
    /// live, named process whose pid the start took: it ended before, unseen. `interleaved`
    /// when one device cannot have logged this start: its live process started again long
    /// after its first start, or a pid taken from a live process goes back to it while the
    /// process that took it lives (two devices' logs in one file, their pids alike).
    mutating func recordStart(
        pid: Int32, process: some StringProtocol, at time: Timestamp, emit: EventSink
    ) -> (started: Bool, ended: String?, interleaved: Bool) {
        let process = String(process)
        let adopt = held.isEmpty ? true : table.incarnation(of: pid).flatMap { firstHeld($0.id) }.map { Self.isJustBefore($0.time, time) } ?? true
        let (started, replaced) = table.recordStart(pid: pid, process: process, at: time, adopt: adopt)
        guard started else {
            return (false, nil, replaced?.startedLongBefore(time, window: Self.repeatedReportWindowNanoseconds) ?? false)
        }
        if let replaced, firstHeld(replaced.id) != nil {
            release(replaced.id, as: nil, emit: emit)
            unnamedProcesses += 1
        }
        if !held.isEmpty, let current = table.incarnation(of: pid) { release(current.id, as: process, emit: emit) }
        let ended = replaced.flatMap { $0.isLive ? $0.package : nil }
        guard let ended, let taker = table.process(of: pid) else { return (true, nil, false) }
        let interleaved = takenFrom[pid] == taker
        takenFrom[pid] = replaced?.process
        return (true, ended, interleaved)
    }

    /// Records a death; false when this death was already reported.
    mutating func recordDeath(pid: Int32) -> Bool {
        if !takenFrom.isEmpty { takenFrom[pid] = nil }
        return table.recordDeath(pid: pid)
    }

    /// Records a freeze or thaw; false when the process was already in that state.
    mutating func recordFrozen(pid: Int32, _ isFrozen: Bool) -> Bool { table.recordFrozen(pid: pid, isFrozen) }

    /// An activity callback the app's process logged: its token (Android 11+) and class name.
    mutating func noteCallback(pid: Int32, token: Substring?, className: Substring?, emit: EventSink) {
        let incarnation = table.current(pid)
        guard incarnation.process == nil else { return }
        if let token, let package = tokenPackages[String(token)] { return name(pid: pid, process: package, emit: emit) }
        if let className, case let package?? = classPackages[String(className)] { return name(pid: pid, process: package, emit: emit) }
        if waitingOnToken.count > Self.directoryCapacity || waitingOnClass.count > Self.directoryCapacity {
            waitingOnToken = [:]
            waitingOnClass = [:]
        }
        // A token is the activity's own (the system's `wm_` lines carry it too); the class is
        // the way only for lines without one.
        let waiting = Waiting(pid: pid, incarnation: incarnation.id)
        if let token {
            waitingOnToken[String(token)] = waiting
        } else if let className {
            waitingOnClass[String(className), default: []].insert(waiting)
        }
    }

    /// A system line naming an activity's component, with its token when it has one.
    mutating func noteComponent(_ component: (package: String, className: String), token: Substring?, emit: EventSink) {
        if tokenPackages.count > Self.directoryCapacity || classPackages.count > Self.directoryCapacity {
            tokenPackages = [:]
            classPackages = [:]
        }
        if let token {
            let token = String(token)
            tokenPackages[token] = component.package
            if let waiting = waitingOnToken.removeValue(forKey: token) { name(waiting, process: component.package, emit: emit) }
        }
        switch classPackages[component.className] {
        case nil: classPackages[component.className] = .some(component.package)
        case let known?? where known != component.package: classPackages[component.className] = .some(nil)
        default: break
        }
        if case let package?? = classPackages[component.className], let waiting = waitingOnClass.removeValue(forKey: component.className) {
            for incarnation in waiting.sorted(by: { $0.incarnation < $1.incarnation }) { name(incarnation, process: package, emit: emit) }
        }
    }

    // MARK: Releasing

    /// Names a waiting incarnation, if the pid still runs it.
    private mutating func name(_ waiting: Waiting, process: String, emit: EventSink) {
        guard table.incarnation(of: waiting.pid)?.id == waiting.incarnation else { return }
        name(pid: waiting.pid, process: process, emit: emit)
    }

    /// The first event held for an incarnation. Most traces hold nothing, and a trace can
    /// start a million processes: an empty table is not searched.
    private func firstHeld(_ id: Int) -> Event? {
        held.isEmpty ? nil : held[id]?.events.first
    }

    /// Sends an incarnation's held events on, under `process` or as they are.
    private mutating func release(_ id: Int, as process: String?, emit: EventSink) {
        guard !held.isEmpty, let (_, events) = held.removeValue(forKey: id) else { return }
        heldCount -= events.count
        for event in events {
            if process == Self.systemServer, event.name.hasPrefix("evidence.") {
                droppedSystemEvidence += 1
                continue
            }
            emit(process.map { Self.named(event, process: $0) } ?? event)
        }
        if heldCount == 0 {
            holdOrder.removeAll(keepingCapacity: true)
            holdOrderStart = 0
        }
    }

    private mutating func releaseOldest(emit: EventSink) {
        while holdOrderStart < holdOrder.count {
            let id = holdOrder[holdOrderStart]
            holdOrderStart += 1
            guard let pid = held[id]?.pid else { continue }
            table.markReleasedUnnamed(pid: pid, id: id)
            unnamedProcesses += 1
            release(id, as: nil, emit: emit)
            break
        }
        if holdOrderStart > 1024, holdOrderStart * 2 > holdOrder.count {
            holdOrder.removeFirst(holdOrderStart)
            holdOrderStart = 0
        }
    }

    /// Whether `earlier` is at most the adoption window before `later` (or either has no time).
    private static func isJustBefore(_ earlier: Timestamp, _ later: Timestamp) -> Bool {
        guard earlier.clock != .unknown, earlier.clock == later.clock else { return true }
        return later.nanoseconds - earlier.nanoseconds <= adoptionWindowNanoseconds
    }

    /// The event under its process's package; a process's own start or death keeps the full
    /// process name (`com.app:remote`) beside it.
    static func named(_ event: Event, process: String) -> Event {
        var event = event
        event.app = ProcessName.package(process)
        if process != event.app, event.name.is(.processDied) || event.name.is(.processStarted) {
            event.attributes["process"] = process
        }
        return event
    }
}
