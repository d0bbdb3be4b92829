import LifelintModel

/// Chrome Trace Event Format (systrace / Perfetto JSON export; docs/formats.md §4). Reads:
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
    private var slices = FrameworkSlices()

    mutating func decode(_ record: JSONValue, object: JSONObject?, at location: SourceLocation) -> RecordOutcome {
        guard let object else { return .problem("expected a trace event object, found \(record.kind)") }
        guard let phaseValue = object["ph"], phaseValue.kind == .string, phaseValue.range.count == 3 else {
            return .problem("trace event without a one-letter 'ph'")
        }
        let phase = phaseValue.bytes[phaseValue.range.lowerBound + 1]
        let nameValue = object["name"]
        let pid = FrameworkSlices.integer(object["pid"]?.number)
        let tid = FrameworkSlices.integer(object["tid"]?.number)
        let ts = object["ts"]?.number
        switch phase {
        case UInt8(ascii: "M"):
            if nameValue?.isString("process_name") == true, let processName = JSONObject(object["args"])?["name"]?.string {
                processNames[pid] = processName
            }
            return .structural
        case UInt8(ascii: "B"):
            guard let ts else { return .problem("trace event without 'ts'") }
            let slice = Self.frameworkSlice(nameValue)
            slices.begin(slice ?? "", tid: tid, at: ts)
            return slice == FrameworkSlices.processStart ? .event(processStart(pid: pid, tid: tid, ts: ts, location)) : .otherAt(FrameworkSlices.time(ts))
        case UInt8(ascii: "E"):
            guard let ts else { return .other }
            guard let (eventName, duration) = slices.end(tid: tid, at: ts) else { return .otherAt(FrameworkSlices.time(ts)) }
            return .event(lifecycle(eventName, pid: pid, tid: tid, end: ts, duration: duration, location))
        case UInt8(ascii: "X"), UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "n"):
            guard let ts else { return .problem("trace event without 'ts'") }
            if object["cat"]?.stringContains("lifelint") == true || nameValue?.stringHasPrefix("lifelint:") == true,
                let event = appEvent(object, name: nameValue?.string ?? "", pid: pid, tid: tid, ts: ts, location)
            {
                return .event(event)
            }
            guard phase == UInt8(ascii: "X"), let slice = Self.frameworkSlice(nameValue) else {
                return .otherAt(FrameworkSlices.time(ts + (phase == UInt8(ascii: "X") ? object["dur"]?.number ?? 0 : 0)))
            }
            if slice == FrameworkSlices.processStart { return .event(processStart(pid: pid, tid: tid, ts: ts, location)) }
            let duration = object["dur"]?.number ?? 0
            return .event(lifecycle(FrameworkSlices.lifecycleEvents[slice]!, pid: pid, tid: tid, end: ts + duration, duration: duration, location))
        default:
            return .other
        }
    }

    /// The slice's name when it is one of the framework's lifecycle slices, compared as bytes.
    private static func frameworkSlice(_ name: JSONValue?) -> String? {
        guard let name, name.kind == .string, name.stringHasPrefix("activity") || name.isString("bindApplication") else { return nil }
        let text = name.string ?? ""
        return FrameworkSlices.isFrameworkSlice(text) ? text : nil
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
        return Event(
            time: FrameworkSlices.time(ts), app: app, pid: Int32(truncatingIfNeeded: pid), tid: Int32(truncatingIfNeeded: tid),
            platform: platform, name: EventName(eventName), attributes: attributes, source: location)
    }

    private func lifecycle(_ name: EventName, pid: Int64, tid: Int64, end: Double, duration: Double, _ location: SourceLocation) -> Event {
        FrameworkSlices.lifecycleEvent(name, app: appName(pid), pid: pid, tid: tid, end: end, duration: duration, location)
    }

    private func processStart(pid: Int64, tid: Int64, ts: Double, _ location: SourceLocation) -> Event {
        FrameworkSlices.processStartEvent(app: appName(pid), pid: pid, tid: tid, at: ts, location)
    }

    private func appName(_ pid: Int64) -> String {
        processNames[pid].map { String($0.prefix { $0 != ":" }) } ?? Event.appName(forUnknownPid: Int32(truncatingIfNeeded: pid))
    }
}
