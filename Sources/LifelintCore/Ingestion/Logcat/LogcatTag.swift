/// The logcat tags whose lines can carry lifecycle meaning. Every other tag is an ordinary
/// log line, settled by one table lookup.
enum LogcatTag: Sendable {
    case activityManager
    case lowMemoryKiller
    case zygote
    case androidRuntime
    case javaBinder
    case instrumentation
    /// An activity callback the app's own process logs in the events buffer.
    case activityCallback(eventName: String)
    case procStart
    case procDied
    case kill
    case anr
    case crash
    case freeze
    case unfreeze
    case finishActivity
    case lmkdKillInfo

    /// The tag that marks an app's own instrumentation lines.
    static let instrumentationTag = "lifelint"

    static let byName: [String: LogcatTag] = {
        var table: [String: LogcatTag] = [
            "ActivityManager": .activityManager, "ActivityTaskManager": .activityManager,
            "lowmemorykiller": .lowMemoryKiller, "lmkd": .lowMemoryKiller,
            "Zygote": .zygote, "AndroidRuntime": .androidRuntime, "JavaBinder": .javaBinder,
            instrumentationTag: .instrumentation,
            "am_proc_start": .procStart, "am_proc_died": .procDied, "am_kill": .kill,
            "am_anr": .anr, "am_crash": .crash, "am_freeze": .freeze, "am_unfreeze": .unfreeze,
            "am_finish_activity": .finishActivity, "wm_finish_activity": .finishActivity,
            "killinfo": .lmkdKillInfo,
        ]
        let callbacks = [
            "create": "activity.created", "start": "activity.started", "resume": "activity.resumed",
            "paused": "activity.paused", "stop": "activity.stopped", "destroy": "activity.destroyed",
            "restart": "activity.restarted", "top_resumed_gained": "activity.top-gained",
            "top_resumed_lost": "activity.top-lost",
        ]
        for (callback, event) in callbacks {
            for prefix in ["am", "wm"] { table["\(prefix)_on_\(callback)_called"] = .activityCallback(eventName: event) }
        }
        return table
    }()
}

/// Looks tags up straight from a line's bytes: buckets by length, then compares bytes, so the
/// common case (a tag lifelint does not care about) costs a couple of comparisons.
struct LogcatTagTable {
    private var buckets: [[(bytes: [UInt8], tag: LogcatTag)]]

    init(_ table: [String: LogcatTag] = LogcatTag.byName) {
        let longest = table.keys.map(\.utf8.count).max() ?? 0
        buckets = Array(repeating: [], count: longest + 1)
        for (name, tag) in table { buckets[name.utf8.count].append((Array(name.utf8), tag)) }
    }

    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> LogcatTag? {
        guard range.count < buckets.count else { return nil }
        for candidate in buckets[range.count] where candidate.bytes[0] == bytes[range.lowerBound] {
            if candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count) == 0 }) {
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
