@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The logcat tags whose lines can carry lifecycle meaning. Every other tag is an ordinary
/// log line, settled by one table lookup.
enum LogcatTag: Sendable {
    /// A tag that writes the system's text messages (`AndroidMessageCatalogue`).
    case system(AndroidMessageWriter)
    case instrumentation
    /// An activity callback the app's own process logs in the events buffer; `wm_` lines
    /// (Android 11+) lead with the activity's token, `am_` lines with the user id.
    case activityCallback(eventName: EventName, leadsWithToken: Bool)
    /// A system-side line about an activity (`wm_pause_activity`, `am_set_resumed_activity`,
    /// ...): it names the activity's package, and may be the request a callback answers. The
    /// index into `SystemActivityLine.all` keeps the tag small (it is copied for every line).
    case systemActivity(index: Int)
    case procStart
    case procDied
    case kill
    case anr
    case crash
    case freeze
    case unfreeze
    case finishActivity
    case lmkdKillInfo
    case procBound
    /// A Flutter app's `print` output (`I/flutter ( 6914): AppLifecycleState.paused`).
    case flutter
    /// A React Native app's JavaScript console (`I ReactNativeJS: lifelint: persist.begin`).
    case reactNativeJS
    /// AndroidJUnitRunner's `LogRunListener`: `started: testX(com.app.FooTest)`, `finished: …`.
    case testRunner
    /// debuggerd printing a tombstone (`F DEBUG   : pid: 4242, tid: 4242, name: …  >>> com.app <<<`).
    case nativeCrash

    /// The tag that marks an app's own instrumentation lines.
    static let instrumentationTag = "lifelint"

    static let byName: [String: LogcatTag] = {
        var table: [String: LogcatTag] = [
            instrumentationTag: .instrumentation,
            "am_proc_start": .procStart, "am_proc_died": .procDied, "am_kill": .kill,
            "am_anr": .anr, "am_crash": .crash, "am_freeze": .freeze, "am_unfreeze": .unfreeze,
            "am_finish_activity": .finishActivity, "wm_finish_activity": .finishActivity,
            "killinfo": .lmkdKillInfo, "am_proc_bound": .procBound,
            "flutter": .flutter, "ReactNativeJS": .reactNativeJS, "DEBUG": .nativeCrash, "TestRunner": .testRunner,
        ]
        for writer in AndroidMessageWriter.allCases {
            for tag in writer.tags { table[tag] = .system(writer) }
        }
        let callbacks = [
            "create": EventName.activityCreated, "start": EventName.activityStarted, "resume": EventName.activityResumed,
            "paused": EventName.activityPaused, "stop": EventName.activityStopped, "destroy": EventName.activityDestroyed,
            "restart": EventName.activityRestarted, "top_resumed_gained": EventName.activityTopGained,
            "top_resumed_lost": EventName.activityTopLost,
        ]
        for (callback, event) in callbacks {
            for prefix in ["am", "wm"] {
                table["\(prefix)_on_\(callback)_called"] = .activityCallback(eventName: event, leadsWithToken: prefix == "wm")
            }
        }
        for (index, line) in SystemActivityLine.all.enumerated() { table[line.tag] = .systemActivity(index: index) }
        return table
    }()
}

/// Looks tags up straight from a line's bytes: buckets by length, then compares bytes, so the
/// common case (a tag lifelint does not care about) costs a couple of comparisons.
struct LogcatTagTable {
    private var buckets: [[(bytes: [UInt8], tag: LogcatTag)]]
    /// Bit n set when some tag has length n; bit b of `firstBytes[b / 64]` when some tag starts
    /// with byte b. Plain integers, so most lines are turned away without touching an array.
    private let lengths: UInt64
    private let firstBytes: (UInt64, UInt64, UInt64, UInt64)

    init(_ table: [String: LogcatTag] = LogcatTag.byName) {
        let longest = table.keys.map(\.utf8.count).max() ?? 0
        precondition(longest < 64, "tag lengths are kept in a 64-bit mask")
        buckets = Array(repeating: [], count: longest + 1)
        var lengths: UInt64 = 0
        var firstBytes: [UInt64] = [0, 0, 0, 0]
        for (name, tag) in table {
            let bytes = Array(name.utf8)
            buckets[bytes.count].append((bytes, tag))
            lengths |= 1 << UInt64(bytes.count)
            firstBytes[Int(bytes[0]) / 64] |= 1 << UInt64(bytes[0] % 64)
        }
        self.lengths = lengths
        self.firstBytes = (firstBytes[0], firstBytes[1], firstBytes[2], firstBytes[3])
    }

    @inline(__always)
    private func mayContain(length: Int, first: UInt8) -> Bool {
        guard length < 64, lengths & (1 << UInt64(length)) != 0 else { return false }
        let word: UInt64
        switch first / 64 {
        case 0: word = firstBytes.0
        case 1: word = firstBytes.1
        case 2: word = firstBytes.2
        default: word = firstBytes.3
        }
        return word & (1 << UInt64(first % 64)) != 0
    }

    func lookup(_ bytes: Span<UInt8>, _ range: Range<Int>) -> LogcatTag? {
        guard !range.isEmpty, mayContain(length: range.count, first: bytes[range.lowerBound]) else { return nil }
        for candidate in buckets[range.count] where candidate.bytes[0] == bytes[range.lowerBound] {
            if bytes.matches(candidate.bytes.span, at: range) {
                return candidate.tag
            }
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
