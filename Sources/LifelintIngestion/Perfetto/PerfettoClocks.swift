@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A Perfetto trace's clocks: packets and ftrace events are stamped on the boot clock
/// (`BOOTTIME`, unless a packet names another), log packets on the wall clock; each clock
/// snapshot says what every clock read at one instant, so a boot time becomes a wall time by the
/// latest snapshot's offset. Before any snapshot a time stays on the trace's own clock
/// (monotonic), as a systrace's does.
struct PerfettoClocks {
    /// Nanoseconds to add to a clock's reading to get the wall clock, per builtin clock id.
    private var offsets: [UInt64: Int64] = [:]
    private(set) var snapshots = 0

    mutating func read(snapshot bytes: Span<UInt8>) throws(ProtoWireError) {
        var readings: [UInt64: Int64] = [:]
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.ClockSnapshot.clocks, field.isMessage else { continue }
            var clockID: UInt64?
            var time: Int64?
            var clock = ProtoFieldReader(bytes.extracting(field.range))
            while let member = try clock.next() {
                switch member.number {
                case PerfettoField.ClockSnapshot.clockID: clockID = member.value
                case PerfettoField.ClockSnapshot.timestamp: time = member.int64
                default: break
                }
            }
            if let clockID, let time { readings[clockID] = time }
        }
        guard let wall = readings[PerfettoField.ClockSnapshot.realtime] else { return }
        for (clock, time) in readings { offsets[clock] = wall &- time }
        snapshots += 1
    }

    /// `nanoseconds` on `clock` (a builtin clock id; boot time when nil) as a timestamp: wall
    /// time when a snapshot relates the clock to it, else the trace's own clock.
    func time(_ nanoseconds: Int64, clock: UInt64? = nil) -> Timestamp {
        let clock = clock ?? PerfettoField.ClockSnapshot.boottime
        if clock == PerfettoField.ClockSnapshot.realtime { return Self.wall(nanoseconds) }
        guard let offset = offsets[clock] else { return Timestamp(clock: .monotonic, nanoseconds: nanoseconds, fractionDigits: 9) }
        return Self.wall(nanoseconds &+ offset)
    }

    /// `nanoseconds` on `clock` as boot-clock nanoseconds, the clock markers are ordered on;
    /// as it is when no snapshot relates the two.
    func bootTime(_ nanoseconds: Int64, clock: UInt64?) -> Int64 {
        let boottime = PerfettoField.ClockSnapshot.boottime
        guard let clock, clock != boottime, let offset = offsets[clock], let bootOffset = offsets[boottime] else { return nanoseconds }
        return nanoseconds &+ offset &- bootOffset
    }

    static func wall(_ nanoseconds: Int64) -> Timestamp {
        Timestamp(clock: .wall, nanoseconds: nanoseconds, utcOffsetSeconds: 0, fractionDigits: 9)
    }
}
