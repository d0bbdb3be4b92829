import LifelintModel

/// The lifecycle as mobile OpenTelemetry SDKs report it (docs/formats.md §15): the
/// `device.app.lifecycle` event (a log record named by `eventName` or, in SDKs written before
/// that field, the `event.name` attribute; a zero-length span in Splunk's iOS agent and
/// LaunchDarkly's Flutter SDK) with `android.app.state`, `ios.app.state` or `flutter.app.state`
/// (`android.state` and `ios.state` before they were renamed); and opentelemetry-android's
/// activity spans (`Created`, `Resumed`, `Paused`, `Stopped`, `Destroyed`, `Restarted`, with
/// `activity.name`); and Embrace's session span (`emb-session`, whose `emb.state` holds from
/// its start) when Embrace exports to OpenTelemetry.
enum OTLPLifecycle {
    static let eventName = "device.app.lifecycle"

    /// The event a lifecycle record or span says, if it says one.
    static func event(named name: String, _ attributes: OTLPAttributes) -> (EventName, Attributes)? {
        if name == eventName { return state(attributes) }
        if name == "emb-session" { return embraceState(attributes) }
        guard let callback = activitySpans[name], let activity = attributes["activity.name"] else { return nil }
        return (callback, ["component": activity])
    }

    private static let activitySpans: [String: EventName] = [
        "Created": .activityCreated, "Resumed": .activityResumed, "Paused": .activityPaused, "Stopped": .activityStopped,
        "Destroyed": .activityDestroyed, "Restarted": .activityRestarted,
    ]

    /// Embrace's `emb.state`, foreground or background.
    static func embraceState(_ attributes: OTLPAttributes) -> (EventName, Attributes)? {
        let detail: Attributes = ["detail": "embrace emb-session"]
        switch attributes["emb.state"] {
        case "foreground": return (.systemForeground, detail)
        case "background": return (.systemBackground, detail)
        default: return nil
        }
    }

    private static func state(_ attributes: OTLPAttributes) -> (EventName, Attributes)? {
        let detail: Attributes = ["detail": "opentelemetry \(eventName)"]
        if let state = attributes["android.app.state"] ?? attributes["android.state"] {
            switch state {
            case "foreground": return (.systemForeground, detail)
            case "background": return (.systemBackground, detail)
            default: return nil
            }
        }
        if let state = attributes["ios.app.state"] ?? attributes["ios.state"] {
            switch state {
            case "active", "foreground": return (.systemForeground, detail)
            case "background": return (.systemBackground, detail)
            case "terminate": return (.appWillTerminate, [:])
            default: return nil
            }
        }
        if let state = attributes["flutter.app.state"], FlutterLifecycle.states.contains(state) {
            return (FlutterLifecycle.eventName(state), [:])
        }
        return nil
    }
}
