@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The Android framework's main-thread trace slices, as both the Chrome/Perfetto JSON and the
/// ftrace text of a systrace carry them (docs/formats.md §4): `activityStart` … `activityRestart`
/// become the lifecycle event at the slice's end, with `duration_ms`, as Android logs a
/// callback after it returns; `bindApplication` is the process's start.
///
/// Slices nest per thread: `begin` and `end` keep each thread's open slices.
struct FrameworkSlices {
    static let lifecycleEvents: [String: EventName] = [
        "activityStart": EventName.activityStarted, "activityResume": EventName.activityResumed, "activityPause": EventName.activityPaused,
        "activityStop": EventName.activityStopped, "activityDestroy": EventName.activityDestroyed, "activityRestart": EventName.activityRestarted,
    ]
    /// Whether `name` is one of the lifecycle events the slices become: by its code, as it is
    /// asked of every event a Perfetto trace releases.
    static func isLifecycleEvent(_ name: EventName) -> Bool {
        switch name.known {
        case .activityStarted?, .activityResumed?, .activityPaused?, .activityStopped?, .activityDestroyed?, .activityRestarted?: true
        default: false
        }
    }
    static let processStart = "bindApplication"
    /// Slices left open by a bad trace are dropped beyond this depth.
    static let maximumOpenSlices = 256

    /// Open slices per thread, innermost last: the framework slice's name (empty for any other
    /// slice) and its start in microseconds. Each thread's stack is found by its place in
    /// `stacks`: changing a dictionary's value in place went through its accessor on every
    /// slice's begin and end, the commonest markers of a trace.
    private var stacks: [[(name: String, start: Double)]] = []
    private var stackOfThread: [Int64: Int] = [:]

    /// Whether `name` is a slice this type reads.
    static func isFrameworkSlice(_ name: some StringProtocol) -> Bool {
        name == processStart || lifecycleEvents[String(name)] != nil
    }

    /// The same, of a name's bytes, without making it a string.
    static func isFrameworkSlice(bytes name: Span<UInt8>) -> Bool {
        frameworkSliceNames.contains { name.equals($0.utf8) }
    }

    private static let frameworkSliceNames = [processStart] + lifecycleEvents.keys.sorted()

    /// A slice began on thread `tid`; `name` is empty unless it is a framework slice.
    mutating func begin(_ name: String, tid: Int64, at microseconds: Double) {
        let stack: Int
        if let known = stackOfThread[tid] {
            stack = known
        } else {
            stack = stacks.count
            stackOfThread[tid] = stack
            stacks.append([])
        }
        if stacks[stack].count < Self.maximumOpenSlices { stacks[stack].append((name, microseconds)) }
    }

    /// The innermost open slice of thread `tid` ended: its lifecycle event name and duration
    /// in microseconds, when it is a framework lifecycle slice.
    mutating func end(tid: Int64, at microseconds: Double) -> (event: EventName, duration: Double)? {
        guard let stack = stackOfThread[tid], let slice = stacks[stack].popLast() else { return nil }
        return Self.lifecycleEvents[slice.name].map { ($0, microseconds - slice.start) }
    }

    /// The lifecycle event at the end of a slice, on the trace's monotonic clock.
    static func lifecycleEvent(
        _ name: EventName, app: String, pid: Int64, tid: Int64, end: Double, duration: Double, _ location: SourceLocation
    ) -> Event {
        Event(
            time: time(end), app: app, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
            platform: .android, name: name, attributes: ["duration_ms": String(integer(duration / 1000))], source: location)
    }

    static func processStartEvent(app: String, pid: Int64, tid: Int64, at microseconds: Double, _ location: SourceLocation) -> Event {
        Event(
            time: time(microseconds), app: app, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
            platform: .android, name: EventName.processStarted, attributes: ["package": app, "hosting": processStart], source: location)
    }

    /// `lifelint:persist.begin key=draft`, a slice's or instant's name: the app's own event. Its
    /// app is the marker's `app=`, else `app` (the process the trace names, asked only of such a
    /// name), else `pid N`.
    static func appEvent(_ name: String, app: @autoclosure () -> String?, pid: Int64, tid: Int64, at microseconds: Double, _ location: SourceLocation) -> Event? {
        guard name.hasPrefix("lifelint:"), let parsed = InstrumentationMessage.parse(name.dropFirst("lifelint:".count)) else { return nil }
        var attributes = parsed.attributes
        let app = attributes["app"] ?? app() ?? Event.appName(forUnknownPid: Int32(truncatingIfNeeded: pid))
        attributes["app"] = nil
        attributes["platform"] = nil
        return Event(
            time: time(microseconds), app: app, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
            platform: .android, name: parsed.name, attributes: attributes, source: location)
    }

    /// A pid, tid or duration as a whole number, -1 when it is missing or not a usable number.
    static func integer(_ number: Double?) -> Int64 {
        guard let number, number.isFinite, abs(number) < 4.6e18 else { return -1 }
        return Int64(number.rounded())
    }

    /// Microseconds since 2000-01-01 and 2100-01-01 UTC: a trace clock this far from its start
    /// is no clock since boot (that would be 30 years of uptime) but the epoch, as tracers that
    /// stamp wall time write it.
    static let epochMicroseconds = 946_684_800e6...4_102_444_800e6

    /// Microseconds (possibly fractional) to a timestamp: monotonic on the trace's clock, or UTC
    /// wall time when the value is an epoch time (`epochMicroseconds`), read to the microsecond.
    /// Out-of-range or non-finite times (a damaged trace) are read as the clock's start.
    static func time(_ microseconds: Double) -> Timestamp {
        if epochMicroseconds.contains(microseconds), let nanoseconds = Timestamp.nanoseconds(microseconds, unit: 1000, resolution: 1000) {
            return Timestamp(clock: .wall, nanoseconds: nanoseconds, utcOffsetSeconds: 0, fractionDigits: 6)
        }
        return Timestamp(clock: .monotonic, nanoseconds: Timestamp.nanoseconds(microseconds, unit: 1000) ?? 0, fractionDigits: 6)
    }
}
