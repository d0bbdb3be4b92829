/// The note shown beside a related location: what happened there, in words.
enum RelatedNote {
    static func describe(_ event: Event) -> String {
        switch event.name {
        case PhaseEvent.background: return "the app went to the background here"
        case PhaseEvent.inactive: return "the app became inactive here"
        case PhaseEvent.active: return "the app became active here"
        case PhaseEvent.terminated:
            return "the process ended here (\(event.attributes["reason"] ?? "unknown"), \(event.attributes["initiator"] ?? "unknown")-initiated)"
        case PhaseEvent.coldStart: return "the app cold-started here"
        case "input.edited": return "the user's input, not yet saved"
        case "persist.begin": return "a save began here"
        case "persist.end": return "a save ended here"
        case "state.saved": return "state was saved here"
        case "screen.shown": return "a screen was shown here"
        case "socket.open": return "the socket was opened here"
        case "socket.probe": return "a probe was sent here"
        case "bgtask.begin": return "the background task began here"
        case "subscription.open": return "the subscription was opened here"
        case "sensitive.shown": return "sensitive content was shown here"
        case "launch.deeplink": return "the deep link arrived here"
        default:
            if event.name.hasPrefix("activity.") { return "\(event.name) (\(event.attributes["component"] ?? "activity"))" }
            return "\(event.name) here"
        }
    }
}
