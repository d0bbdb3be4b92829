import LifelintModel

/// The note shown beside a related location: what happened there, in words.
enum RelatedNote {
    static func describe(_ event: RelatedEvent) -> String {
        switch event.name.known {
        case .phaseBackground?: return "the app went to the background here"
        case .phaseInactive?: return "the app became inactive here"
        case .phaseActive?: return "the app became active here"
        case .phaseTerminated?:
            return
                "the process ended here (\(Attributes.shown(event.attributes["reason"] ?? "unknown")), \(Attributes.shown(event.attributes["initiator"] ?? "unknown"))-initiated)"
        case .phaseColdStart?: return "the app cold-started here"
        case .inputEdited?: return "the user's input, not yet saved"
        case .persistBegin?: return "a save began here"
        case .persistEnd?: return "a save ended here"
        case .stateSaved?: return "state was saved here"
        case .screenShown?: return "a screen was shown here"
        case .socketOpen?: return "the socket was opened here"
        case .socketProbe?: return "a probe was sent here"
        case .bgtaskBegin?: return "the background task began here"
        case .subscriptionOpen?: return "the subscription was opened here"
        case .sensitiveShown?: return "sensitive content was shown here"
        case .launchDeeplink?: return "the deep link arrived here"
        default:
            if event.name.hasPrefix("activity.") { return "\(event.name) (\(Attributes.shown(event.attributes["component"] ?? "activity")))" }
            return "\(Attributes.shown(event.name.rawValue)) here"
        }
    }
}
