import LifelintModel

/// The system's outstanding requests to activities (`am_pause_activity`, `wm_resume_activity`),
/// so that a callback line without a duration of its own (Android before 14) still tells how
/// long the app took: from the request, or from the activity's previous callback line if that
/// came later (a request sent while the process was still starting waits for its launch),
/// to the app's `*_called` line, which Android writes when the callback returns. An 11 s gap
/// between `am_pause_activity` and `am_on_paused_called` is an 11 s pause.
struct CallbackRequests {
    static let capacity = 10_000

    /// Requests by activity token (`wm_` lines share it with the app's) and by class name
    /// (Android 10 and older, whose app lines carry no token): the callback asked for, when,
    /// and the keys it is filed under (all dropped once it is answered).
    private var requests: [String: (callback: EventName, time: Timestamp, keys: [String])] = [:]
    /// The time of each activity's latest callback line, under the same keys.
    private var lastCallback: [String: Int64] = [:]

    mutating func note(_ callback: EventName, token: Substring?, className: String, at time: Timestamp) {
        guard time.clock != .unknown else { return }
        if requests.count > Self.capacity { requests = [:] }
        let keys = Self.keys(token: token, className: Substring(className))
        for key in keys { requests[key] = (callback, time, keys) }
    }

    /// The milliseconds this callback took, when the system's request for it was seen; the
    /// request is consumed. Every callback line is noted, as the start of the next one's wait.
    mutating func answer(_ callback: EventName, token: Substring?, className: Substring?, at time: Timestamp) -> Int64? {
        let keys = Self.keys(token: token, className: className)
        defer {
            if lastCallback.count > Self.capacity { lastCallback = [:] }
            for key in keys { lastCallback[key] = time.nanoseconds }
        }
        guard time.clock != .unknown, let key = keys.first(where: { requests[$0]?.callback == callback }), let request = requests[key] else {
            return nil
        }
        for key in request.keys { requests[key] = nil }
        guard request.time.clock == time.clock else { return nil }
        let start = max(request.time.nanoseconds, keys.compactMap { lastCallback[$0] }.max() ?? .min)
        guard time.nanoseconds >= start else { return nil }
        return (time.nanoseconds - start) / 1_000_000
    }

    private static func keys(token: Substring?, className: Substring?) -> [String] {
        [token.map { "t" + $0 }, className.map { "c" + $0 }].compactMap { $0 }
    }
}
