/// Runs a `rate` clause for one app: more than `max` matching events within a sliding window,
/// or within one episode, is one violation (reported once per window or episode).
struct RateMonitor {
    private var times: [Int64] = []
    private var reportedUntil = Int64.min
    private var episodeOpen = false
    private var episodeCount = 0
    private var episodeReported = false

    var isIdle: Bool { times.isEmpty && !episodeOpen }

    mutating func observe(_ observation: Observation, _ clause: RuleClause.Rate, max limit: Double?, window: Int64?, report: (Violation) -> Void) {
        let event = observation.event
        guard let limit else { return }
        if let episode = clause.per {
            if observation.matches(episode.end) { episodeOpen = false }
            if observation.matches(episode.start) {
                episodeOpen = true
                episodeCount = 0
                episodeReported = false
            }
            guard episodeOpen, observation.matches(clause.event) else { return }
            episodeCount += 1
            if Double(episodeCount) > limit, !episodeReported {
                episodeReported = true
                report(Violation(event: event, time: event.time, values: ["count": String(episodeCount)]))
            }
        } else if let window, observation.matches(clause.event) {
            let now = event.time.nanoseconds
            times.append(now)
            times.removeAll { $0 <= now - window }
            if Double(times.count) > limit, now > reportedUntil {
                reportedUntil = now + window
                report(Violation(event: event, time: event.time, values: ["count": String(times.count)]))
            }
        }
    }
}
