import LifelintModel

/// A breadcrumb an app left in a crash reporter's trail itself (a Sentry crumb's category, a
/// Bugsnag crumb's name): the event the user's mappings make of it (`container: breadcrumb`),
/// or, when its name is an event lifelint knows (`persist.begin`), that event with the crumb's
/// data as attributes.
enum AppBreadcrumb {
    static func event(tag: String, message: String, name: String, data: JSONObject?, mappings: inout MappingTable) -> (EventName, Attributes)? {
        if !mappings.isEmpty, let match = mappings.match(tag: tag, message: message) {
            return (EventName(match.event), match.attributes)
        }
        guard KnownEventName(rawValue: name) != nil else { return nil }
        var attributes = Attributes()
        for (key, value) in data?.scalarMembers ?? [] { attributes[key] = value }
        return (EventName(name), attributes)
    }
}
