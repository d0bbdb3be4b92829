/// What the trace has said about each process id: which process runs under it (the full name,
/// `com.app:remote` included), whether it is alive or frozen, and which incarnation it is.
///
/// A pid's name often arrives late (an app's callbacks come first, `am_proc_died` names it at
/// the end), so an incarnation may start unnamed and be named later; `ProcessAttribution`
/// holds the events of unnamed incarnations back until then. Platforms report one death
/// several times (lmkd, Zygote, ActivityManager, the events buffer): the first report becomes
/// the event and the rest are duplicates that may still name the process.
struct ProcessTable {
    struct Incarnation {
        /// Unique within the trace: events held back for a name are filed under it.
        let id: Int
        var process: String?
        var isLive = true
        var isFrozen = false

        var package: String? { process.map(ProcessName.package) }
    }

    private var incarnations: [Int32: Incarnation] = [:]
    private var nextID = 0

    func incarnation(of pid: Int32) -> Incarnation? { incarnations[pid] }

    func process(of pid: Int32) -> String? { incarnations[pid]?.process }

    func package(of pid: Int32) -> String? { incarnations[pid]?.package }

    /// The pid's current incarnation, made (unnamed, alive) when the trace has not mentioned it.
    mutating func current(_ pid: Int32) -> Incarnation {
        if let incarnation = incarnations[pid] { return incarnation }
        return begin(pid, process: nil)
    }

    /// Records a start; false when this start was already reported for the live process.
    mutating func recordStart(pid: Int32, process: String) -> Bool {
        if let known = incarnations[pid], known.isLive {
            if known.process == process { return false }
            // Unnamed and alive: the app's own lines came before its start line.
            if known.process == nil {
                incarnations[pid]?.process = process
                return true
            }
        }
        begin(pid, process: process)
        return true
    }

    /// Names the pid's current incarnation when nothing named it yet; returns it when this
    /// named it (so what was held back under it can be released).
    @discardableResult
    mutating func name(pid: Int32, process: String) -> Incarnation? {
        guard !process.isEmpty else { return nil }
        var incarnation = current(pid)
        guard incarnation.process == nil else { return nil }
        incarnation.process = process
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

    func livePids(of package: String) -> [Int32] {
        incarnations.compactMap { pid, incarnation in incarnation.package == package && incarnation.isLive ? pid : nil }.sorted()
    }

    @discardableResult
    private mutating func begin(_ pid: Int32, process: String?) -> Incarnation {
        let incarnation = Incarnation(id: nextID, process: process)
        nextID += 1
        incarnations[pid] = incarnation
        return incarnation
    }
}
