import Foundation

/// The mappings the benchmark runs with, written as a `.lifelint.json`: ten as a team would
/// write them, most naming tags that are busy in the synthetic trace (so their messages are
/// tested on about half of all lines) but matching rarely, as a team's own lines are rare, and
/// one that turns a real line (about 2 % of lines) into events.
enum MappingBenchmark {
    static let tenMappings: [String] = [
        #"{"tag": "ActivityTaskManager", "message": {"prefix": "Displayed"}, "event": "ui.displayed"}"#,
        #"{"tag": "GnssLocationProvider", "message": {"contains": "WakeLock released"}, "event": "power.wakelock"}"#,
        #"{"tag": "ConnectivityService", "message": {"prefix": "notifyType LOST"}, "event": "network.lost"}"#,
        #"{"tag": "WindowOnBackDispatcher", "message": {"contains": "is enabled"}, "event": "ui.back-callback"}"#,
        #"{"tag": "DraftStore", "message": {"prefix": "flush begin"}, "event": "persist.begin"}"#,
        #"{"tag": "DraftStore", "message": {"prefix": "flush end"}, "event": "persist.end"}"#,
        #"{"tag": "SessionSync", "message": {"prefix": "resync"}, "event": "sync.resync"}"#,
        #"{"tag": "PushReceiver", "message": {"contains": "silent"}, "event": "push.received", "attrs": {"silent": "true"}}"#,
        #"{"tag": "Surface", "message": {"regex": "buffer lost: (?<buffer>0x[0-9a-f]+)"}, "event": "ui.buffer-lost"}"#,
        #"{"tag": "AudioFlinger", "message": {"regex": "underrun \\((?<ms>\\d+)\\)"}, "event": "audio.underrun"}"#,
    ]

    /// A regular expression without a tag: tested on every line's message.
    static let untaggedRegex: [String] = [
        #"{"message": {"regex": "underrun \\((?<ms>\\d+)\\)"}, "event": "audio.underrun"}"#
    ]

    static func configuration(_ mappings: [String]) -> String {
        "{\"mappings\": [\n  " + mappings.joined(separator: ",\n  ") + "\n]}\n"
    }
}
