/// A device's system trace as Perfetto records it: bundles of ftrace events, most of them the
/// scheduler's switches, the rest the atrace markers every process writes through `print`
/// (slices begun and ended, nested per thread, and counters), among them now and then an
/// activity's lifecycle slice; its clock moves on as a recorded trace's does.
struct SyntheticFtrace {
    private var random: SplitMix64
    private var nanoseconds: Int64 = 1_000_000_000
    /// Each thread's open slices.
    private var depths = [Int](repeating: 0, count: Self.threads.count)
    private static let threads: [(pid: Int, tid: Int)] = (0..<24).map { (4200 + $0 / 3 * 10, 4200 + $0 / 3 * 10 + $0 % 3) }
    private static let slices = [
        "Choreographer#doFrame 18874", "traversal", "draw", "Record View#draw()", "RV OnBindView", "inflate", "binder transaction",
        "Lock contention on a monitor lock (owner tid: 4211)",
    ]
    private static let lifecycleSlices = ["activityResume", "activityPause", "activityStart", "activityStop"]
    private static let eventsPerBundle = 256

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Appends one packet: a bundle of one CPU's events.
    mutating func appendPacket(to buffer: inout [UInt8]) {
        var bundle: [UInt8] = []
        ProtoEncoding.field(1, varint: UInt64(random.next(upTo: 8)), to: &bundle)
        for _ in 0..<Self.eventsPerBundle {
            nanoseconds += Int64(5_000 + random.next(upTo: 30_000))
            ProtoEncoding.field(2, bytes: event(), to: &bundle)
        }
        var packet: [UInt8] = []
        ProtoEncoding.field(1, bytes: bundle, to: &packet)
        ProtoEncoding.field(10, varint: 3, to: &packet)
        ProtoEncoding.field(1, bytes: packet, to: &buffer)
    }

    /// One `FtraceEvent`: a `sched_switch` seven times in ten, else a marker.
    private mutating func event() -> [UInt8] {
        let thread = random.next(upTo: Self.threads.count)
        var event: [UInt8] = []
        ProtoEncoding.field(1, varint: UInt64(nanoseconds), to: &event)
        ProtoEncoding.field(2, varint: UInt64(Self.threads[thread].tid), to: &event)
        guard random.next(upTo: 10) >= 7 else {
            var schedSwitch: [UInt8] = []
            ProtoEncoding.field(1, bytes: Array("RenderThread".utf8), to: &schedSwitch)
            ProtoEncoding.field(2, varint: UInt64(Self.threads[thread].tid), to: &schedSwitch)
            ProtoEncoding.field(3, varint: 120, to: &schedSwitch)
            ProtoEncoding.field(5, bytes: Array("surfaceflinger".utf8), to: &schedSwitch)
            ProtoEncoding.field(6, varint: UInt64(Self.threads[(thread + 1) % Self.threads.count].tid), to: &schedSwitch)
            ProtoEncoding.field(4, bytes: schedSwitch, to: &event)
            return event
        }
        var print: [UInt8] = []
        ProtoEncoding.field(2, bytes: Array(marker(thread: thread).utf8), to: &print)
        ProtoEncoding.field(3, bytes: print, to: &event)
        return event
    }

    /// `B|pid|name`, `E|pid` or `C|pid|name|value`, keeping each thread's slices nested.
    private mutating func marker(thread: Int) -> String {
        let pid = Self.threads[thread].pid
        if random.next(upTo: 10) == 0 { return "C|\(pid)|aq:pending:\(pid)|\(random.next(upTo: 4))\n" }
        if depths[thread] > 0, depths[thread] >= 4 || random.next(upTo: 2) == 0 {
            depths[thread] -= 1
            return "E|\(pid)\n"
        }
        depths[thread] += 1
        // A lifecycle slice once in a hundred, as an app goes through its screens.
        let name =
            random.next(upTo: 100) == 0
            ? Self.lifecycleSlices[random.next(upTo: Self.lifecycleSlices.count)] : Self.slices[random.next(upTo: Self.slices.count)]
        return "B|\(pid)|\(name)\n"
    }
}
