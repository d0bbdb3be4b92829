import LifelintModel

/// What one Bugsnag breadcrumb says, in the event vocabulary (docs/formats.md §14). The
/// notifiers' own crumbs: Android's activity callbacks (`MainActivity#onCreate()` …
/// `#onDestroy()` of type `state`, with `hasBundle` when the activity was recreated from saved
/// state; before version 5, of type `navigation` named after the activity with the callback in
/// `ActivityLifecycle`), the app entering the background or the foreground and memory warnings
/// (`state`), and requests. The app's own crumbs become events through the user's mappings
/// (`container: breadcrumb`, the crumb's type as the tag and its name as the message), or as
/// they are when their name is a name lifelint knows (`persist.begin`).
struct BugsnagBreadcrumb {
    /// Usually one event; an activity created from saved state is also `state.restored`.
    let events: [(name: EventName, attributes: Attributes)]

    init?(_ crumb: JSONObject, mappings: inout MappingTable) {
        let type = crumb["type"]?.string ?? ""
        let name = crumb["name"]?.string ?? crumb["message"]?.string ?? ""
        let metadata = JSONObject(crumb["metaData"] ?? crumb["metadata"])
        let found: [(EventName, Attributes)]? =
            switch type {
            case "navigation", "state": Self.activityCallback(name, metadata) ?? Self.state(name, metadata)
            case "request": Self.request(metadata)
            default: AppOwnRecord.event(tag: type, message: name, name: name, data: { AppOwnRecord.attributes(metadata) }, mappings: &mappings).map { [$0] }
            }
        guard let found, !found.isEmpty else { return nil }
        events = found
    }

    private static let callbacks: [String: EventName] = [
        "onCreate()": .activityCreated, "onStart()": .activityStarted, "onResume()": .activityResumed, "onPause()": .activityPaused,
        "onStop()": .activityStopped, "onDestroy()": .activityDestroyed, "onSaveInstanceState()": .stateSaved,
    ]

    /// `MainActivity#onCreate()`, or `MainActivity` with `ActivityLifecycle: onCreate()`; `hasBundle`
    /// on a create says whether saved state came with it.
    private static func activityCallback(_ name: String, _ metadata: JSONObject?) -> [(EventName, Attributes)]? {
        let component: Substring
        let callback: String
        if let hash = name.lastIndex(of: "#") {
            (component, callback) = (name[..<hash], String(name[name.index(after: hash)...]))
        } else if let lifecycle = metadata?["ActivityLifecycle"]?.string {
            (component, callback) = (Substring(name), lifecycle)
        } else {
            return nil
        }
        guard let event = callbacks[callback] else { return nil }
        let attributes: Attributes = ["component": String(component)]
        guard event == .activityCreated, metadata?["hasBundle"]?.bool == true else { return [(event, attributes)] }
        return [(event, attributes), (.stateRestored, attributes)]
    }

    /// The notifiers' words for the app's state: Apple's application notifications ("App Did
    /// Enter Background", "App Will Enter Foreground", "App Did Become Active"), memory warnings
    /// ("Memory Warning", Android's "onLowMemory" and "Trim memory"). A scene's crumbs ("Scene
    /// Entered Background") are one window's, not the app's: another may still be in front.
    private static func state(_ name: String, _ metadata: JSONObject?) -> [(EventName, Attributes)]? {
        let words = name.lowercased()
        let detail: Attributes = ["detail": "bugsnag " + name]
        if words.hasPrefix("app ") {
            if words.contains("enter background") || words.contains("entered background") { return [(.systemBackground, detail)] }
            if words.contains("enter foreground") || words.contains("become active") { return [(.systemForeground, detail)] }
        }
        guard words.contains("memory") else { return nil }
        var attributes: Attributes = ["action": name]
        attributes["level"] = metadata?["trimLevel"]?.scalarText ?? metadata?["level"]?.scalarText
        return [(.appMemoryWarning, attributes)]
    }

    private static func request(_ metadata: JSONObject?) -> [(EventName, Attributes)]? {
        guard let metadata, let url = metadata["url"]?.string else { return nil }
        var attributes: Attributes = ["url": url]
        attributes["method"] = metadata["method"]?.string
        attributes["status"] = metadata["status"]?.scalarText
        return [(.requestEnd, attributes)]
    }
}
