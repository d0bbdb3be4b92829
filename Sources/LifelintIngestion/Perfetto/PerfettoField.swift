/// The field numbers lifelint reads from Perfetto's protos (docs/formats.md §17), in one place:
/// `protos/perfetto/trace/trace_packet.proto` and the messages it holds.
enum PerfettoField {
    /// `Trace.packet`.
    static let packet = 1

    enum Packet {
        static let ftraceEvents = 1
        static let processTree = 2
        static let clockSnapshot = 6
        static let timestamp = 8
        static let trustedPacketSequenceID = 10
        static let trustedPid = 79
        static let trackEvent = 11
        static let internedData = 12
        static let sequenceFlags = 13
        static let androidLog = 39
        static let incrementalStateCleared = 41
        static let systemInfo = 45
        static let packagesList = 47
        static let compressedPackets = 50
        static let timestampClockID = 58
        static let tracePacketDefaults = 59
        static let trackDescriptor = 60
    }

    /// `SystemInfo` (`protos/perfetto/common/system_info.proto`).
    enum SystemInfo {
        /// The device's UTC offset, as `strftime("%z")` says it, in minutes (int32).
        static let timezoneOffsetMinutes = 7
    }

    enum ClockSnapshot {
        static let clocks = 1
        static let clockID = 1
        static let timestamp = 2
        /// `BuiltinClock`.
        static let realtime: UInt64 = 1
        static let boottime: UInt64 = 6
    }

    enum ProcessTree {
        static let processes = 1
        static let pid = 1
        static let cmdline = 3
        static let uid = 5
    }

    enum PackagesList {
        static let packages = 1
        static let name = 1
        static let uid = 2
    }

    enum AndroidLog {
        static let events = 1
        static let logID = 1
        static let pid = 2
        static let tid = 3
        static let timestamp = 5
        static let tag = 6
        static let priority = 7
        static let message = 8
        static let args = 9
        static let argName = 1
        static let argInt = 2
        static let argFloat = 3
        static let argString = 4
        /// `AndroidLogId.LID_EVENTS`.
        static let eventsBuffer = 2
    }

    enum Ftrace {
        static let event = 2
        static let timestamp = 1
        static let pid = 2
        static let print = 3
        static let printBuffer = 2
        static let lowmemoryKill = 35
        static let schedProcessExit = 238
        static let processExitPid = 2
        static let processExitTgid = 3
    }

    enum TrackEvent {
        static let type = 9
        static let nameIID = 10
        static let trackUUID = 11
        static let name = 23
        static let typeBegin: UInt64 = 1
        static let typeEnd: UInt64 = 2
        static let typeInstant: UInt64 = 3
        /// frameworks/base's `FrameworksBaseTrackEvent` extensions: ActivityManager's process
        /// start and death.
        static let processStartEvent = 2010
        static let processDiedEvent = 2011
    }

    /// `AndroidProcessStartEvent` and `AndroidProcessDiedEvent` (reason: `ApplicationExitInfo`'s
    /// `REASON_*` codes; importance: `RunningAppProcessInfo`'s).
    enum AndroidProcessEvent {
        static let pid = 2
        static let processName = 3
        static let diedReason = 4
        static let diedImportance = 6
    }

    enum TrackDescriptor {
        static let uuid = 1
        static let process = 3
        static let thread = 4
        static let processPid = 1
        static let threadPid = 1
        static let threadTid = 2
    }

    enum InternedData {
        static let eventNames = 2
        static let iid = 1
        static let name = 2
    }

    enum Defaults {
        static let trackEventDefaults = 11
        static let timestampClockID = 58
    }

    /// `TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED`.
    static let incrementalStateClearedFlag: UInt64 = 1
}
