import LifelintModel

/// What the trace has said about each process id: which process runs under it (the full name,
/// `com.app:remote` included), whether it is alive or frozen, and which incarnation it is.
///
/// A pid's name often arrives late (an app's callbacks come first, `am_proc_died` names it at
/// the end), so an incarnation may start unnamed and be named later; `ProcessAttribution`
/// holds the events of unnamed incarnations back until then. Platforms report one death
/// several times (lmkd, Zygote, ActivityManager, the events buffer): the first report becomes
/// the event and the rest are duplicates that may still name the process.
struct ProcessTable {
    /// 48 bytes: a trace can hold a million of them.
    struct Incarnation {
        private(set) var process: String?
        /// The package of `process` when it is not `process` itself (`com.app:remote`).
        private var otherPackage: String?
        /// When a line reported its start, on `startClock` (`.unknown` when none did).
        let startNanoseconds: Int64
        private let number: Int32
        let startClock: Timestamp.Clock
        var isLive = true
        var isFrozen = false
        /// Its events went out unnamed (past the attribution's bound): later ones pass as they
        /// come, so they stay in order.
        var wasReleasedUnnamed = false

        init(id: Int, process: String?, started: Timestamp = .unknown) {
            number = Int32(truncatingIfNeeded: id)
            startNanoseconds = started.nanoseconds
            startClock = started.clock
            if let process { name(process) }
        }

        /// Whether a start reported at `time` is a later start than this one's, not another
        /// report of it (`am_proc_start` beside `Start proc`, which the events buffer of a
        /// bugreport gives sections later): more than `window` apart on one clock.
        func startedLongBefore(_ time: Timestamp, window: Int64) -> Bool {
            startClock != .unknown && startClock == time.clock && abs(time.nanoseconds - startNanoseconds) > window
        }

        /// Unique within the trace (up to two billion processes): events held back for a name
        /// are filed under it.
        var id: Int { Int(number) }

        /// The package of `process`, made once when it is named.
        var package: String? { otherPackage ?? process }

        mutating func name(_ process: String) {
            self.process = process
            let package = ProcessName.package(process)
            otherPackage = package == process ? nil : package
        }
    }

    private var incarnations = PidTable<Incarnation>()
    private var nextID = 0

    func incarnation(of pid: Int32) -> Incarnation? { incarnations[pid] }

    func process(of pid: Int32) -> String? { incarnations[pid]?.process }

    func package(of pid: Int32) -> String? { incarnations[pid]?.package }

    /// The pid's current incarnation, made (unnamed, alive) when the trace has not mentioned it.
    mutating func current(_ pid: Int32) -> Incarnation {
        if let incarnation = incarnations[pid] { return incarnation }
        return begin(pid, process: nil)
    }

    /// Records a start: a new incarnation, unless this start was already reported for the live
    /// process (`started` false), or `adopt` lets it name a live unnamed one whose lines came
    /// first. Returns the incarnation it replaced, if any, and for a start already reported,
    /// that incarnation.
    mutating func recordStart(pid: Int32, process: String, at time: Timestamp, adopt: Bool) -> (started: Bool, replaced: Incarnation?) {
        guard let position = incarnations.position(of: pid) else {
            incarnations.insert(next(process: process, started: time), for: pid)
            return (true, nil)
        }
        var known = incarnations[at: position]
        if known.isLive {
            if known.process == process { return (false, known) }
            if known.process == nil, adopt {
                known.name(process)
                incarnations[at: position] = known
                return (true, nil)
            }
        }
        incarnations[at: position] = next(process: process, started: time)
        return (true, known)
    }

    /// Names the pid's current incarnation when nothing named it yet; returns it when this
    /// named it (so what was held back under it can be released).
    @discardableResult
    mutating func name(pid: Int32, process: String) -> Incarnation? {
        guard !process.isEmpty else { return nil }
        var incarnation = current(pid)
        guard incarnation.process == nil else { return nil }
        incarnation.name(process)
        incarnations[pid] = incarnation
        return incarnation
    }

    /// Records a death; false when this death was already reported.
    mutating func recordDeath(pid: Int32) -> Bool {
        let wasLive = current(pid).isLive
        incarnations[pid]?.isLive = false
        incarnations[pid]?.isFrozen = false
        return wasLive
    }

    /// Records a freeze or thaw; false when the process was already in that state.
    mutating func recordFrozen(pid: Int32, _ isFrozen: Bool) -> Bool {
        guard current(pid).isFrozen != isFrozen else { return false }
        incarnations[pid]?.isFrozen = isFrozen
        return true
    }

    /// Marks the pid's current incarnation, if it is `id`, as having gone out unnamed.
    mutating func markReleasedUnnamed(pid: Int32, id: Int) {
        if incarnations[pid]?.id == id { incarnations[pid]?.wasReleasedUnnamed = true }
    }

    func livePids(of package: String) -> [Int32] {
        zip(incarnations.pids, incarnations.values).compactMap { pid, incarnation in incarnation.package == package && incarnation.isLive ? pid : nil }.sorted()
    }

    @discardableResult
    private mutating func begin(_ pid: Int32, process: String?) -> Incarnation {
        let incarnation = next(process: process)
        incarnations[pid] = incarnation
        return incarnation
    }

    private mutating func next(process: String?, started: Timestamp = .unknown) -> Incarnation {
        defer { nextID += 1 }
        return Incarnation(id: nextID, process: process, started: started)
    }
}
