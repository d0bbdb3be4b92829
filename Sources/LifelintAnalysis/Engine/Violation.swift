import LifelintModel

/// What a clause monitor reports: the event the finding points at, when it happened, the
/// events that explain it, and values for the message template.
struct Violation {
    var event: Event
    var time: Timestamp
    var related: [RelatedEvent] = []
    var values: [String: String] = [:]
}
