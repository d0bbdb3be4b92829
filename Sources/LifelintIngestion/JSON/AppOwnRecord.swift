import LifelintModel

/// A record an app left itself in a crash reporter's trail or its telemetry (a Sentry crumb's
/// category, a Bugsnag crumb's name, a Crashlytics breadcrumb, an OpenTelemetry log record): the
/// event the user's mappings make of it, or, when its name is an event lifelint knows
/// (`persist.begin`), that event with the record's data as attributes (read only then).
enum AppOwnRecord {
    static func event(tag: String, message: String, name: String, data: () -> Attributes, mappings: inout MappingTable) -> (EventName, Attributes)? {
        if !mappings.isEmpty, let match = mappings.match(tag: tag, message: message) {
            return (EventName(match.event), match.attributes)
        }
        return KnownEventName(rawValue: name) != nil ? (EventName(name), data()) : nil
    }

    /// An object's scalar members as attributes, in document order.
    static func attributes(_ object: JSONObject?) -> Attributes {
        var attributes = Attributes()
        for (key, value) in object?.scalarMembers ?? [] { attributes[key] = value }
        return attributes
    }
}
