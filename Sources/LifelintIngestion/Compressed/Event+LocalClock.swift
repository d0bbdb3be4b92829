import LifelintModel

extension Event {
    /// The event on the device's floating local clock (a logcat's): a time stated with its UTC
    /// offset is written as the local time it was, so a bundle's entries sort with its logcat.
    var onLocalClock: Event {
        guard time.clock == .wall, time.utcOffsetSeconds != nil else { return self }
        var event = self
        event.time = Timestamp(clock: .wall, nanoseconds: time.localNanoseconds, utcOffsetSeconds: nil, fractionDigits: time.fractionDigits)
        return event
    }

    /// The same instant written with the device's UTC offset (a Perfetto trace's UTC time, once
    /// the trace says where the device was).
    func stated(utcOffsetSeconds: Int32) -> Event {
        guard time.clock == .wall else { return self }
        var event = self
        event.time = Timestamp(clock: .wall, nanoseconds: time.nanoseconds, utcOffsetSeconds: utcOffsetSeconds, fractionDigits: time.fractionDigits)
        return event
    }
}
