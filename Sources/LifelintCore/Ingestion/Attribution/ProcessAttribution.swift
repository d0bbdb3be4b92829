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
/// those still unnamed when the trace ends (counted in `unnamedProcesses`).
struct ProcessAttribution {
    static let defaultCapacity = 10_000
    /// Events held at most, across all unnamed processes.
    let capacity: Int
    /// Beyond this many remembered tokens or classes the memory of them starts again.
    static let directoryCapacity = 100_000

    private(set) var table = ProcessTable()
    /// What the system's lines say: the package of each activity token and class.
    private var tokenPackages: [String: String] = [:]
    /// Nil when two packages claim the class (a library's activity), so it names nothing.
    private var classPackages: [String: String?] = [:]
    /// Unnamed pids by the tokens and classes of the callbacks they logged.
    private var pidsByToken: [String: Int32] = [:]
    private var pidsByClass: [String: Set<Int32>] = [:]

    private var held: [Int: [Event]] = [:]
    /// Incarnations with held events, oldest first (some may have been released since).
    private var holdOrder: [Int] = []
    private var holdOrderStart = 0
    private var heldCount = 0
    /// Incarnations whose events went out unnamed: their later events pass as they are, so
    /// their order is kept.
    private var abandoned: Set<Int> = []
    private(set) var unnamedProcesses = 0

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = capacity
    }

    // MARK: Events

    /// Passes an event on, or holds it while its pid has no name.
    mutating func deliver(_ event: Event, emit: (Event) -> Void) {
        guard event.isNamedByPidOnly, let pid = event.pid else { return emit(event) }
        let incarnation = table.current(pid)
        if let process = incarnation.process { return emit(Self.named(event, process: process)) }
        if abandoned.contains(incarnation.id) { return emit(event) }
        if held[incarnation.id] == nil { holdOrder.append(incarnation.id) }
        held[incarnation.id, default: []].append(event)
        heldCount += 1
        if heldCount > capacity { releaseOldest(emit: emit) }
    }

    /// Releases everything still held, unnamed.
    mutating func finish(emit: (Event) -> Void) {
        while heldCount > 0 { releaseOldest(emit: emit) }
    }

    // MARK: What lines say

    /// A line names the process running under `pid` (start, death, kill, ANR, freezer, a
    /// Studio package column): its held events go out under the name.
    mutating func name(pid: Int32, process: some StringProtocol, emit: (Event) -> Void) {
        guard let incarnation = table.name(pid: pid, process: String(process)) else { return }
        release(incarnation, emit: emit)
    }

    /// A start: a new incarnation, or the first name of one whose lines came before it.
    /// False when this start was already reported.
    mutating func recordStart(pid: Int32, process: some StringProtocol, emit: (Event) -> Void) -> Bool {
        let process = String(process)
        let wasUnnamed = table.incarnation(of: pid).map { $0.isLive && $0.process == nil } ?? false
        guard table.recordStart(pid: pid, process: process) else { return false }
        if wasUnnamed, let incarnation = table.incarnation(of: pid) { release(incarnation, emit: emit) }
        return true
    }

    /// Records a death; false when this death was already reported.
    mutating func recordDeath(pid: Int32) -> Bool { table.recordDeath(pid: pid) }

    /// Records a freeze or thaw; false when the process was already in that state.
    mutating func recordFrozen(pid: Int32, _ isFrozen: Bool) -> Bool { table.recordFrozen(pid: pid, isFrozen) }

    /// An activity callback the app's process logged: its token (Android 11+) and class name.
    mutating func noteCallback(pid: Int32, token: Substring?, className: Substring?, emit: (Event) -> Void) {
        guard table.current(pid).process == nil else { return }
        if let token, let package = tokenPackages[String(token)] { return name(pid: pid, process: package, emit: emit) }
        if let className, case let package?? = classPackages[String(className)] { return name(pid: pid, process: package, emit: emit) }
        if pidsByToken.count > Self.directoryCapacity || pidsByClass.count > Self.directoryCapacity {
            pidsByToken = [:]
            pidsByClass = [:]
        }
        // A token is the activity's own (the system's `wm_` lines carry it too); the class is
        // the way only for lines without one.
        if let token {
            pidsByToken[String(token)] = pid
        } else if let className {
            pidsByClass[String(className), default: []].insert(pid)
        }
    }

    /// A system line naming an activity's component, with its token when it has one.
    mutating func noteComponent(_ component: (package: String, className: String), token: Substring?, emit: (Event) -> Void) {
        if tokenPackages.count > Self.directoryCapacity || classPackages.count > Self.directoryCapacity {
            tokenPackages = [:]
            classPackages = [:]
        }
        if let token {
            let token = String(token)
            tokenPackages[token] = component.package
            if let pid = pidsByToken.removeValue(forKey: token) { name(pid: pid, process: component.package, emit: emit) }
        }
        switch classPackages[component.className] {
        case nil: classPackages[component.className] = .some(component.package)
        case let known?? where known != component.package: classPackages[component.className] = .some(nil)
        default: break
        }
        if case let package?? = classPackages[component.className], let pids = pidsByClass.removeValue(forKey: component.className) {
            for pid in pids.sorted() { name(pid: pid, process: package, emit: emit) }
        }
    }

    // MARK: Releasing

    private mutating func release(_ incarnation: ProcessTable.Incarnation, emit: (Event) -> Void) {
        guard let events = held.removeValue(forKey: incarnation.id) else { return }
        heldCount -= events.count
        for event in events { emit(incarnation.process.map { Self.named(event, process: $0) } ?? event) }
    }

    private mutating func releaseOldest(emit: (Event) -> Void) {
        while holdOrderStart < holdOrder.count {
            let id = holdOrder[holdOrderStart]
            holdOrderStart += 1
            guard let events = held.removeValue(forKey: id) else { continue }
            heldCount -= events.count
            abandoned.insert(id)
            unnamedProcesses += 1
            events.forEach(emit)
            break
        }
        if holdOrderStart > 1024, holdOrderStart * 2 > holdOrder.count {
            holdOrder.removeFirst(holdOrderStart)
            holdOrderStart = 0
        }
    }

    /// The event under its process's package; a process's own start or death keeps the full
    /// process name (`com.app:remote`) beside it.
    static func named(_ event: Event, process: String) -> Event {
        var event = event
        event.app = ProcessName.package(process)
        if process != event.app, event.name == "process.died" || event.name == "process.started" {
            event.attributes["process"] = process
        }
        return event
    }
}
