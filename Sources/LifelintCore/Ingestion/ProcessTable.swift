/// What the trace has said about each process id: which package it runs, whether it is alive,
/// whether it is frozen. Platforms report one death several times (lmkd, Zygote,
/// ActivityManager, the events buffer); the table lets the first report become the event
/// and marks the rest as duplicates.
struct ProcessTable {
    private enum Liveness {
        case live
        case dead
    }

    private var packages: [Int32: String] = [:]
    private var liveness: [Int32: Liveness] = [:]
    private var frozen: Set<Int32> = []

    func package(of pid: Int32) -> String? { packages[pid] }

    /// Records a start; false when this start was already reported for the live process.
    mutating func recordStart(pid: Int32, package: String) -> Bool {
        defer {
            packages[pid] = package
            liveness[pid] = .live
            frozen.remove(pid)
        }
        return !(liveness[pid] == .live && packages[pid] == package)
    }

    /// Records a death; false when this death was already reported.
    mutating func recordDeath(pid: Int32, package: String?) -> Bool {
        if let package { packages[pid] = package }
        frozen.remove(pid)
        defer { liveness[pid] = .dead }
        return liveness[pid] != .dead
    }

    /// Records a freeze or thaw; false when the process was already in that state.
    mutating func recordFrozen(pid: Int32, _ isFrozen: Bool) -> Bool {
        isFrozen ? frozen.insert(pid).inserted : frozen.remove(pid) != nil
    }

    func livePids(of package: String) -> [Int32] {
        packages.compactMap { pid, name in name == package && liveness[pid] == .live ? pid : nil }.sorted()
    }
}
