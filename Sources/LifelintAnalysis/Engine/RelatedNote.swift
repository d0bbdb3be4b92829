import LifelintModel

/// The note shown beside a related location: what happened there, in words.
enum RelatedNote {
    static func describe(_ event: RelatedEvent) -> String {
        switch event.name {
        case EventName.phaseBackground: return "the app went to the background here"
        case EventName.phaseInactive: return "the app became inactive here"
        case EventName.phaseActive: return "the app became active here"
        case EventName.phaseTerminated:
            return "the process ended here (\(event.attributes["reason"] ?? "unknown"), \(event.attributes["initiator"] ?? "unknown")-initiated)"
        case EventName.phaseColdStart: return "the app cold-started here"
        case EventName.inputEdited: return "the user's input, not yet saved"
        case EventName.persistBegin: return "a save began here"
        case EventName.persistEnd: return "a save ended here"
        case EventName.stateSaved: return "state was saved here"
        case EventName.screenShown: return "a screen was shown here"
        case EventName.socketOpen: return "the socket was opened here"
        case EventName.socketProbe: return "a probe was sent here"
        case EventName.bgtaskBegin: return "the background task began here"
        case EventName.subscriptionOpen: return "the subscription was opened here"
        case EventName.sensitiveShown: return "sensitive content was shown here"
        case EventName.launchDeeplink: return "the deep link arrived here"
        default:
            if event.name.hasPrefix("activity.") { return "\(event.name) (\(event.attributes["component"] ?? "activity"))" }
            return "\(event.name) here"
        }
    }
}
