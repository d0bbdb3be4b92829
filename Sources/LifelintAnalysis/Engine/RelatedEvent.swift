import LifelintModel

/// What a finding says about an event that explains it, and what a guard reads of an event an
/// app's history keeps: its name, attributes, place and time. An app's history keeps this
/// instead of the whole `Event`, so a trace with a million apps does not keep a million
/// events' apps, process ids and clocks.
struct RelatedEvent {
    let name: EventName
    let attributes: Attributes
    let source: SourceLocation
    let nanoseconds: Int64

    init(_ event: Event) {
        self.init(name: event.name, attributes: event.attributes, source: event.source, nanoseconds: event.time.nanoseconds)
    }

    init(name: EventName, attributes: Attributes, source: SourceLocation, nanoseconds: Int64) {
        self.name = name
        self.attributes = attributes
        self.source = source
        self.nanoseconds = nanoseconds
    }
}
