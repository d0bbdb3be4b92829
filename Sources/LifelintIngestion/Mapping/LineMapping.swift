import LifelintModel

/// A team's own log line read as a lifelint event (a `mappings` entry of `.lifelint.json`):
/// apps that log `D DraftStore: flush begin key=draft` and never heard of the `lifelint` tag
/// still get every rule.
///
///     {"tag": "DraftStore", "message": {"prefix": "flush begin"}, "event": "persist.begin", "attrs": {"key": "draft"}}
///
/// The event's attributes are the `key=value` pairs in the rest of the message (after the
/// prefix, the `contains` text or the regular expression's match), then the expression's named
/// groups, then `attrs` (the configuration has the last word).
public struct LineMapping: Sendable, Hashable {
    public enum MessageMatch: Sendable, Hashable {
        case any
        case prefix(String)
        case contains(String)
        case regex(RegularExpression)
    }

    /// The containers whose lines have a tag and a message to map.
    public enum Container: String, Sendable, Hashable, CaseIterable {
        /// Logcat text: the tag is the logcat tag.
        case logcat
        /// Apple unified log exports: the tag is the subsystem or the category.
        case appleLog = "apple-log"
        /// Crash reporters' breadcrumbs: the tag is the crumb's category, the message its message.
        case breadcrumb
        /// OpenTelemetry log records: the tag is the event name, the message the body.
        case openTelemetry = "opentelemetry"
    }

    /// Exact; nil matches every tag (every line is then checked: slower).
    public var tag: String?
    public var message: MessageMatch
    public var event: String
    public var attributes: Attributes
    /// The events' platform; by default the container's (Android for logcat, iOS for Apple logs).
    public var platform: Platform?
    /// Limits the mapping to one container; nil for both.
    public var container: Container?

    public init(tag: String?, message: MessageMatch, event: String, attributes: Attributes = [:], platform: Platform? = nil, container: Container? = nil) {
        self.tag = tag
        self.message = message
        self.event = event
        self.attributes = attributes
        self.platform = platform
        self.container = container
    }
}

extension RegularExpression: Hashable {
    public static func == (lhs: RegularExpression, rhs: RegularExpression) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
