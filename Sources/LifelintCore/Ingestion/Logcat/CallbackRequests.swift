/// The system's outstanding requests to activities (`am_pause_activity`, `wm_resume_activity`,
/// `am_restart_activity`), so that a callback line without a duration of its own (Android
/// before 14) still tells how long the app took: from the request to the app's `*_called`
/// line, which Android writes when the callback returns. An 11 s gap between
/// `am_pause_activity` and `am_on_paused_called` is an 11 s pause.
struct CallbackRequests {
    private struct Request {
        let callback: String
        let time: Timestamp
    }

    static let capacity = 10_000

    /// By activity token (`wm_` lines share it with the app's) and by class name (Android 10
    /// and older, whose app lines carry no token).
    private var requests: [String: Request] = [:]

    mutating func note(_ callback: String, token: Substring?, className: String, at time: Timestamp) {
        guard time.clock != .unknown else { return }
        if requests.count > Self.capacity { requests = [:] }
        let request = Request(callback: callback, time: time)
        if let token { requests["t" + token] = request }
        requests["c" + className] = request
    }

    /// The milliseconds from the request this callback answers to the callback line, which
    /// is consumed. Nil when no request for it was seen.
    mutating func answer(_ callback: String, token: Substring?, className: Substring?, at time: Timestamp) -> Int64? {
        let keys = [token.map { "t" + $0 }, className.map { "c" + $0 }].compactMap { $0 }
        guard let key = keys.first(where: { requests[$0]?.callback == callback }), let request = requests[key] else { return nil }
        for key in keys where requests[key]?.time == request.time { requests[key] = nil }
        guard request.time.clock == time.clock, time.nanoseconds >= request.time.nanoseconds else { return nil }
        return (time.nanoseconds - request.time.nanoseconds) / 1_000_000
    }
}
