/// Chrome Trace Event Format (systrace / Perfetto JSON export; formats.md §4). Reads:
/// - `M` `process_name` metadata: names the app of a pid;
/// - the Android framework's main-thread slices (`activityStart`, `activityResume`,
///   `activityPause`, `activityStop`, `activityDestroy`, `activityRestart`) as `B`/`E` pairs or
///   `X` complete events: the lifecycle event at the slice's end, with `duration_ms`, as Android
///   logs it after the callback; `bindApplication` as `process.started` at its start;
/// - app events: `cat` containing `lifelint`, or a name `lifelint:<event>`, with `args` as
///   attributes (`args.app` and `args.platform` as in the logcat tag).
/// `ts` and `dur` are microseconds on the trace clock, read as monotonic time.
struct ChromeTraceDecoder: JSONRecordDecoder {
    private var processNames: [Int64: String] = [:]
    /// Open `B` slices per thread, innermost last (name and start).
    private var openSlices: [Int64: [(name: String, start: Double, location: SourceLocation)]] = [:]
    /// Slices left open by a bad trace are dropped beyond this depth.
    private static let maximumOpenSlices = 256

    private static let frameworkSlices: [String: String] = [
        "activityStart": "activity.started", "activityResume": "activity.resumed", "activityPause": "activity.paused",
        "activityStop": "activity.stopped", "activityDestroy": "activity.destroyed", "activityRestart": "activity.restarted",
    ]

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected a trace event object, found \(record.kind)") }
        guard let phaseValue = object["ph"], phaseValue.kind == .string, phaseValue.range.count == 3 else {
            return .problem("trace event without a one-letter 'ph'")
        }
        let phase = phaseValue.bytes[phaseValue.range.lowerBound + 1]
        let nameValue = object["name"]
        let pid = Self.integer(object["pid"]?.number)
        let tid = Self.integer(object["tid"]?.number)
        let ts = object["ts"]?.number
        switch phase {
        case UInt8(ascii: "M"):
            if nameValue?.isString("process_name") == true, let processName = JSONObject(object["args"])?["name"]?.string {
                processNames[pid] = processName
            }
            return .structural
        case UInt8(ascii: "B"):
            guard let ts else { return .problem("trace event without 'ts'") }
            var stack = openSlices[tid] ?? []
            let slice = Self.frameworkSlice(nameValue)
            if stack.count < Self.maximumOpenSlices { stack.append((slice ?? "", ts, location)) }
            openSlices[tid] = stack
            return slice == "bindApplication" ? .event(processStart(pid: pid, tid: tid, ts: ts, location)) : .otherAt(Self.time(ts))
        case UInt8(ascii: "E"):
            guard let ts else { return .other }
            guard var stack = openSlices[tid], let open = stack.popLast() else { return .otherAt(Self.time(ts)) }
            openSlices[tid] = stack
            guard let eventName = Self.frameworkSlices[open.name] else { return .otherAt(Self.time(ts)) }
            return .event(lifecycle(eventName, pid: pid, tid: tid, end: ts, duration: ts - open.start, location))
        case UInt8(ascii: "X"), UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "n"):
            guard let ts else { return .problem("trace event without 'ts'") }
            if object["cat"]?.stringContains("lifelint") == true || nameValue?.stringHasPrefix("lifelint:") == true,
                let event = appEvent(object, name: nameValue?.string ?? "", pid: pid, tid: tid, ts: ts, location)
            {
                return .event(event)
            }
            guard phase == UInt8(ascii: "X"), let slice = Self.frameworkSlice(nameValue) else {
                return .otherAt(Self.time(ts + (phase == UInt8(ascii: "X") ? object["dur"]?.number ?? 0 : 0)))
            }
            if slice == "bindApplication" { return .event(processStart(pid: pid, tid: tid, ts: ts, location)) }
            let duration = object["dur"]?.number ?? 0
            return .event(lifecycle(Self.frameworkSlices[slice]!, pid: pid, tid: tid, end: ts + duration, duration: duration, location))
        default:
            return .other
        }
    }

    /// The slice's name when it is one of the framework's lifecycle slices, compared as bytes.
    private static func frameworkSlice(_ name: JSONValue?) -> String? {
        guard let name, name.kind == .string, name.stringHasPrefix("activity") || name.isString("bindApplication") else { return nil }
        let text = name.string ?? ""
        return text == "bindApplication" || frameworkSlices[text] != nil ? text : nil
    }

    private func appEvent(_ object: JSONObject, name: String, pid: Int64, tid: Int64, ts: Double, _ location: SourceLocation) -> Event? {
        let categories = object["cat"]?.string?.split(separator: ",").map { $0.filter { $0 != " " } } ?? []
        guard name.hasPrefix("lifelint:") || categories.contains("lifelint") else { return nil }
        let eventName = name.hasPrefix("lifelint:") ? String(name.dropFirst("lifelint:".count)) : name
        guard InstrumentationMessage.isValidEventName(Substring(eventName).utf8[...]) else { return nil }
        var attributes = Attributes()
        for (key, value) in JSONObject(object["args"])?.scalarMembers ?? [] { attributes[key] = value }
        let app = attributes["app"] ?? appName(pid)
        let platform = attributes["platform"].flatMap(Platform.init(rawValue:)) ?? .android
        attributes["app"] = nil
        attributes["platform"] = nil
        return Event(time: Self.time(ts), app: app, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
                     platform: platform, name: eventName, attributes: attributes, source: location)
    }

    private func lifecycle(_ name: String, pid: Int64, tid: Int64, end: Double, duration: Double, _ location: SourceLocation) -> Event {
        Event(time: Self.time(end), app: appName(pid), pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
              platform: .android, name: name, attributes: ["duration_ms": String(Self.integer(duration / 1000))], source: location)
    }

    /// A pid, tid or duration as a whole number, -1 when it is missing or not a usable number.
    static func integer(_ number: Double?) -> Int64 {
        guard let number, number.isFinite, abs(number) < 4.6e18 else { return -1 }
        return Int64(number.rounded())
    }

    private func processStart(pid: Int64, tid: Int64, ts: Double, _ location: SourceLocation) -> Event {
        let app = appName(pid)
        return Event(time: Self.time(ts), app: app, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
                     platform: .android, name: "process.started", attributes: ["package": app, "hosting": "bindApplication"], source: location)
    }

    private func appName(_ pid: Int64) -> String {
        processNames[pid].map { String($0.prefix { $0 != ":" }) } ?? Event.appName(forUnknownPid: Int32(truncatingIfNeeded: pid))
    }

    /// Microseconds (possibly fractional) to a monotonic timestamp.
    /// Out-of-range or non-finite times (a damaged trace) are read as the clock's start.
    static func time(_ microseconds: Double) -> Timestamp {
        Timestamp(clock: .monotonic, nanoseconds: Timestamp.nanoseconds(microseconds, unit: 1000) ?? 0, fractionDigits: 6)
    }
}

import Foundation
