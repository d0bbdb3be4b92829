/// What one ftrace event or track event of interest says, held until it can be read in time
/// order: a slice's begin or end, an instant (an atrace marker `B|pid|name`, `E|pid`,
/// `I|pid|name`, or a track event), or a process's end.
struct PerfettoMarker {
    enum Kind {
        /// The marker's text, after its phase letter and pid.
        case begin(String)
        case end
        case instant(String)
        /// The process's main thread exited (`sched_process_exit` with pid = tgid).
        case processExit
        /// A low-memory killer ended the process (the kernel's `lowmemory_kill`, lmkd's markers).
        case lowMemoryKill
        /// ActivityManager's own track events (frameworks/base's `process_start_event`,
        /// `process_died_event`): the process's name, and for a death its
        /// `ApplicationExitInfo` reason and importance codes.
        case systemProcessStart(process: String)
        case systemProcessDeath(process: String, reason: Int, importance: Int?)
    }

    /// Boot-clock nanoseconds.
    let time: Int64
    let pid: Int32
    let tid: Int32
    /// The track a track event is on, whose slices nest; nil for ftrace, whose slices nest per
    /// thread.
    var track: UInt64? = nil
    let kind: Kind
    /// The packet it came in.
    let record: Int
    let byteOffset: Int64
}
