import LifelintModel

/// What one Sentry breadcrumb says, in the event vocabulary (docs/formats.md §13). The SDKs'
/// own crumbs are read by category: `app.lifecycle` (the app entered the foreground or the
/// background; Flutter's `AppLifecycleState`), `ui.lifecycle` (an Android activity's callback,
/// `data.screen` naming it, or an Apple view controller shown), `device.event` (a low-memory warning), `navigation` and `http`.
/// The app's own crumbs become events through the user's mappings (`container: breadcrumb`,
/// the category as the tag), or as they are when their category is a name lifelint knows
/// (`persist.begin`). Anything else is a log line of the trail.
struct SentryBreadcrumb {
    let name: EventName
    let attributes: Attributes

    init?(_ crumb: JSONObject, mappings: inout MappingTable) {
        let category = crumb["category"]?.string ?? ""
        let data = JSONObject(crumb["data"])
        let state = data?["state"]?.string ?? ""
        let found: (EventName, Attributes)? =
            switch category {
            case "app.lifecycle": Self.appLifecycle(state)
            case "ui.lifecycle": Self.activityCallback(state, screen: data?["screen"]?.string)
            case "device.event": Self.deviceEvent(data)
            case "navigation": Self.navigation(data)
            case "http": Self.request(data)
            default:
                AppOwnRecord.event(
                    tag: category, message: crumb["message"]?.string ?? "", name: category, data: { AppOwnRecord.attributes(data) }, mappings: &mappings)
            }
        guard let (name, attributes) = found else { return nil }
        self.name = name
        self.attributes = attributes
    }

    /// Android's and Apple's SDKs say `foreground` and `background` for the whole app; Flutter's
    /// says the `AppLifecycleState`.
    private static func appLifecycle(_ state: String) -> (EventName, Attributes)? {
        switch state {
        case "foreground": return (.systemForeground, ["detail": "sentry app.lifecycle"])
        case "background": return (.systemBackground, ["detail": "sentry app.lifecycle"])
        default: return FlutterLifecycle.states.contains(state) ? (FlutterLifecycle.eventName(state), [:]) : nil
        }
    }

    private static let activityCallbacks: [String: EventName] = [
        "created": .activityCreated, "started": .activityStarted, "resumed": .activityResumed, "paused": .activityPaused,
        "stopped": .activityStopped, "destroyed": .activityDestroyed, "saveInstanceState": .stateSaved,
    ]

    /// Android's crumbs name the callback in `state`; Apple's SDK writes one, with no state,
    /// when a view controller appears.
    private static func activityCallback(_ state: String, screen: String?) -> (EventName, Attributes)? {
        if state.isEmpty, let screen { return (.screenShown, ["route": screen]) }
        guard let name = activityCallbacks[state] else { return nil }
        var attributes = Attributes()
        attributes["component"] = screen
        return (name, attributes)
    }

    /// `LOW_MEMORY` (Android, with the trim `level`), `UIApplicationDidReceiveMemoryWarningNotification`.
    private static func deviceEvent(_ data: JSONObject?) -> (EventName, Attributes)? {
        guard let action = data?["action"]?.string, action.uppercased().contains("MEMORY") else { return nil }
        var attributes: Attributes = ["action": action]
        attributes["level"] = data?["level"]?.scalarText
        return (.appMemoryWarning, attributes)
    }

    private static func navigation(_ data: JSONObject?) -> (EventName, Attributes)? {
        guard let route = data?["to"]?.string ?? data?["screen"]?.string else { return nil }
        var attributes: Attributes = ["route": route]
        attributes["from"] = data?["from"]?.string
        return (.screenShown, attributes)
    }

    private static func request(_ data: JSONObject?) -> (EventName, Attributes)? {
        guard let data, let url = data["url"]?.string else { return nil }
        var attributes: Attributes = ["url": url]
        attributes["method"] = data["method"]?.string
        attributes["status"] = data["status_code"]?.scalarText
        return (.requestEnd, attributes)
    }
}
