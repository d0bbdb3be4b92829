import LifelintCore

/// The synthetic logcat's lines as a Perfetto trace: a clock snapshot, then log packets of a
/// few hundred messages each (as traced_probes writes them), every line one `LogEvent` with
/// its time, pid, tid, priority, tag and message. The same logs as the text file of the same
/// seed, so the two readers can be compared on one content.
struct SyntheticPerfetto {
    private var logcat: SyntheticLogcat
    private var lines: [UInt8] = []
    private var events: [UInt8] = []
    private var wroteClocks = false
    /// The lines written so far, when the text twin is kept.
    private(set) var text: [UInt8] = []
    private let keepsText: Bool
    private static let bootOffset: Int64 = 1_704_700_000_000_000_000

    init(seed: UInt64, keepingText: Bool = false) {
        logcat = SyntheticLogcat(seed: seed)
        keepsText = keepingText
    }

    /// Appends one packet.
    mutating func appendPacket(to buffer: inout [UInt8]) {
        if !wroteClocks {
            wroteClocks = true
            var clocks: [UInt8] = []
            for (clock, time) in [(UInt64(6), UInt64(1_000_000_000)), (1, UInt64(Self.bootOffset) + 1_000_000_000)] {
                var entry: [UInt8] = []
                ProtoEncoding.field(1, varint: clock, to: &entry)
                ProtoEncoding.field(2, varint: time, to: &entry)
                ProtoEncoding.field(1, bytes: entry, to: &clocks)
            }
            var packet: [UInt8] = []
            ProtoEncoding.field(8, varint: 1_000_000_000, to: &packet)
            ProtoEncoding.field(10, varint: 1, to: &packet)
            ProtoEncoding.field(6, bytes: clocks, to: &packet)
            ProtoEncoding.field(1, bytes: packet, to: &buffer)
        }
        lines.removeAll(keepingCapacity: true)
        logcat.append(bytes: 32 << 10, to: &lines)
        if keepsText { text.append(contentsOf: lines) }
        events.removeAll(keepingCapacity: true)
        var lastTime: Int64 = 0
        var start = 0
        while let end = lines[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lastTime = appendEvent(line: lines[start..<end])
            start = end + 1
        }
        var packet: [UInt8] = []
        ProtoEncoding.field(8, varint: UInt64(lastTime - Self.bootOffset), to: &packet)
        ProtoEncoding.field(10, varint: 2, to: &packet)
        ProtoEncoding.field(39, bytes: events, to: &packet)
        ProtoEncoding.field(1, bytes: packet, to: &buffer)
    }

    /// `MM-DD HH:MM:SS.mmm  PID  TID P tag: message` as a `LogEvent`; returns its time.
    private mutating func appendEvent(line: ArraySlice<UInt8>) -> Int64 {
        let text = String(decoding: line, as: UTF8.self)
        let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        let date = fields[0].split(separator: "-").compactMap { Int($0) }
        let clock = fields[1].split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int($0) }
        let time =
            CivilDateTime(year: 2024, month: date[0], day: date[1], hour: clock[0], minute: clock[1], second: clock[2]).nanosecondsSinceEpoch
            + Int64(clock[3]) * 1_000_000
        let rest = fields[5]
        let colon = rest.firstIndex(of: ":") ?? rest.endIndex
        let tag = rest[..<colon].trimmingCharacters(in: .whitespaces)
        let message = colon < rest.endIndex ? rest[rest.index(after: colon)...].drop { $0 == " " } : ""
        var event: [UInt8] = []
        ProtoEncoding.field(2, varint: UInt64(fields[2]) ?? 0, to: &event)
        ProtoEncoding.field(3, varint: UInt64(fields[3]) ?? 0, to: &event)
        ProtoEncoding.field(5, varint: UInt64(time), to: &event)
        ProtoEncoding.field(6, bytes: Array(tag.utf8), to: &event)
        ProtoEncoding.field(7, varint: Self.priority(fields[4]), to: &event)
        ProtoEncoding.field(8, bytes: Array(message.utf8), to: &event)
        ProtoEncoding.field(1, bytes: event, to: &events)
        return time
    }

    private static func priority(_ letter: Substring) -> UInt64 {
        ["V": 2, "D": 3, "I": 4, "W": 5, "E": 6, "F": 7][String(letter)] ?? 4
    }
}
