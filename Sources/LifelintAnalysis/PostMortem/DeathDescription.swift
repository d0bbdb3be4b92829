import LifelintModel

/// How a post-mortem names the end of a process incarnation, from its `phase.terminated`
/// (`reason`, `initiator`, and the death line's `detail`). A force stop is named as such
/// whoever asked for it: it is not a system kill, and losing state after it is by design. A
/// death only a crash reporter's event tells is told as its claim: "Sentry says …".
struct DeathDescription {
    let reason: String?
    let initiator: String
    let detail: String?
    /// The trace shows no death, only that the process was gone by then.
    let unseen: Bool
    /// The crash reporter whose event says the death (`sentry`, `bugsnag`, `crashlytics`).
    let reporter: String?

    init(_ termination: Event) {
        reason = termination.attributes["reason"].flatMap { $0 == "unknown" ? nil : $0 }
        initiator = termination.attributes["initiator"] ?? "unknown"
        detail = termination.attributes["detail"].map(Attributes.shown)
        unseen = termination.attributes["unseen"] == "true"
        reporter = termination.attributes["reporter"]
    }

    var isForceStop: Bool { reason == ProcessDeathReason.forceStop.rawValue }

    /// For a timeline row: `system kill (low-memory)`, `force-stopped`, `force-stopped by the
    /// system (MARs #1)`, `ended by the user (user)`, `crash`.
    var short: String {
        if isForceStop { return initiator == "system" ? "force-stopped by the system" + (detail.map { " (\($0))" } ?? "") : "force-stopped" }
        if unseen { return "ended unseen" + (detail.map { " (\($0))" } ?? "") }
        let who = initiator == "system" ? "system kill" : initiator == "user" ? "ended by the user" : initiator == "crash" ? "crash" : "ended"
        return who + (reason.flatMap { $0 == initiator ? nil : " (\($0))" } ?? "")
    }

    /// For a verdict's claim: `The system killed the process (low-memory)`.
    var sentence: String {
        if isForceStop { return initiator == "system" ? "The system force-stopped the app" + (detail.map { " (\($0))" } ?? "") : "The app was force-stopped" }
        if unseen { return "The process ended unseen (the trace shows no death" + (detail.map { "; \($0)" } ?? "") + ")" }
        let who =
            initiator == "user"
            ? "The user ended the process" : initiator == "system" ? "The system killed the process" : initiator == "crash" ? "A crash ended the process" : "The process ended"
        let told = who + (reason.flatMap { $0 == initiator ? nil : " (\($0))" } ?? "")
        guard let reporter else { return told }
        return "\(Self.name(ofReporter: reporter)) says " + told.prefix(1).lowercased() + told.dropFirst() + (detail.map { " (\($0))" } ?? "")
    }

    private static func name(ofReporter reporter: String) -> String {
        switch reporter {
        case "sentry": "Sentry"
        case "bugsnag": "Bugsnag"
        case "crashlytics": "Crashlytics"
        default: "The crash reporter (\(reporter))"
        }
    }
}
