/// One app's monitors with something open, in clause order, and beside them what the engine
/// reads of each on every event of the app (its clause, deadline, whether it watches every
/// event): plain values in an array of their own, since reading a field of an element of an
/// array of existentials copies the whole element first.
struct OpenMonitors {
    /// What the engine reads of a monitor between events; it changes only when the monitor
    /// observes, so it is read then, not through the protocol on every event of the app.
    struct Schedule {
        let clause: Int
        fileprivate(set) var deadline: Int64?
        fileprivate(set) var observesEveryEvent: Bool
        fileprivate(set) var isIdle: Bool

        fileprivate init(clause: Int, _ monitor: inout any ClauseMonitor) {
            self.clause = clause
            deadline = monitor.deadline
            observesEveryEvent = monitor.observesEveryEvent
            isIdle = monitor.isIdle
        }
    }

    private var monitors: [any ClauseMonitor] = []
    private(set) var schedules: [Schedule] = []

    var isEmpty: Bool { schedules.isEmpty }

    /// The monitor at `index` observes, in place; returns whether it is left idle.
    mutating func observe(at index: Int, _ observation: Observation, report: (Violation) -> Void) -> Bool {
        schedules[index] = Self.observe(&monitors[index], clause: schedules[index].clause, observation, report: report)
        return schedules[index].isIdle
    }

    /// A new monitor of `clause` observes its first event; it is kept at `index` unless it is
    /// left idle. Returns whether it was kept.
    mutating func open(_ clause: CompiledClause, number: Int, at index: Int, _ observation: Observation, report: (Violation) -> Void) -> Bool {
        var monitor = clause.makeMonitor()
        let schedule = Self.observe(&monitor, clause: number, observation, report: report)
        guard !schedule.isIdle else { return false }
        monitors.insert(consume monitor, at: index)
        schedules.insert(schedule, at: index)
        return true
    }

    /// Drops the idle monitors, keeping the others in order (moved, not copied: an app has a
    /// few monitors open at a time).
    mutating func removeIdle() {
        for index in schedules.indices.reversed() where schedules[index].isIdle {
            monitors.remove(at: index)
            schedules.remove(at: index)
        }
    }

    /// Settles what each monitor still has open when the trace ends; `report` gets the clause.
    mutating func finish(at endTime: Int64, report: (Violation, Int) -> Void) {
        for index in monitors.indices {
            let clause = schedules[index].clause
            monitors[index].finish(at: endTime) { report($0, clause) }
        }
    }

    /// Settles the waits whose deadline passed before `time`, and the spans past their limit;
    /// `report` gets the clause. Drops the monitors left idle. A monitor without a deadline is
    /// asked too: a span's limit is no deadline for the events it sees, which would otherwise all
    /// go to it once the limit passed in a batch.
    mutating func expire(before time: Int64, report: (Violation, Int) -> Void) {
        for index in monitors.indices where schedules[index].deadline.map({ $0 < time }) ?? true {
            let clause = schedules[index].clause
            monitors[index].expire(before: time) { report($0, clause) }
            schedules[index] = Schedule(clause: clause, &monitors[index])
        }
        removeIdle()
    }

    private static func observe(_ monitor: inout any ClauseMonitor, clause: Int, _ observation: Observation, report: (Violation) -> Void) -> Schedule {
        monitor.observe(observation, report: report)
        return Schedule(clause: clause, &monitor)
    }
}
