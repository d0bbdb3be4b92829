import LifelintModel

/// What a post-mortem tells of an event (an input, a save, a death): when and where it was,
/// and the one attribute its claim names (a save's `key`, saved state's `bytes`). Kept instead
/// of the event, which would otherwise be copied, with its references, on every input.
struct Moment {
    let time: Timestamp
    let source: SourceLocation
    let detail: String?

    init(_ event: Event, keeping attribute: String? = nil) {
        self.init(event, detail: attribute.flatMap { event.attributes[$0] })
    }

    init(_ event: Event, detail: String?) {
        time = event.time
        source = event.source
        self.detail = detail
    }
}
