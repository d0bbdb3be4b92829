@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Writes wall-clock times as `Timestamp.appendISO8601` does, keeping the text of the last
/// minute written (`2024-01-08T08:45:`): events come in time order, many to a minute, so the
/// calendar arithmetic is done once a minute instead of once an event.
package struct TimestampTextCache {
    private static let nanosecondsPerMinute: Int64 = 60_000_000_000
    private static let prefixLength = 17

    /// The local minute (since 1970) whose prefix `prefix` holds.
    private var minute = Int64.min
    private var prefix = InlineArray<17, UInt8>(repeating: 0)

    package init() {}

    mutating func append(_ time: Timestamp, to bytes: inout ByteBuffer) {
        guard time.clock == .wall else {
            time.appendISO8601(to: &bytes)
            return
        }
        let local = time.localNanoseconds
        var minute = local / Self.nanosecondsPerMinute
        if local % Self.nanosecondsPerMinute < 0 { minute -= 1 }
        if minute != self.minute {
            guard remember(time, minute: minute) else {
                time.appendISO8601(to: &bytes)
                return
            }
        }
        bytes.append(prefix.span)
        let withinMinute = local - minute * Self.nanosecondsPerMinute
        time.appendSecondAndZone(second: Int(withinMinute / 1_000_000_000), nanosecond: Int(withinMinute % 1_000_000_000), to: &bytes)
    }

    /// Formats the minute's prefix; false for years `appendISO8601` does not write itself.
    private mutating func remember(_ time: Timestamp, minute: Int64) -> Bool {
        let local = time.localDateTime
        guard Timestamp.iso8601Years.contains(local.year) else { return false }
        var text = ByteBuffer(capacity: Self.prefixLength)
        Timestamp.appendMinutePrefix(of: local, to: &text)
        text.withBytes { written in
            for index in 0..<Self.prefixLength { prefix[index] = written[index] }
        }
        self.minute = minute
        return true
    }
}

extension ByteBuffer {
    /// The ISO 8601 text of a timestamp in quotes, or `null` when the trace had no time.
    package mutating func appendJSONTimestamp(_ time: Timestamp, through cache: inout TimestampTextCache) {
        guard time.clock != .unknown else {
            append("null")
            return
        }
        append(.quote)
        cache.append(time, to: &self)
        append(.quote)
    }
}
