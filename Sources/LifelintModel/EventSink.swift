/// Where a reader, the normalizer and the phase deriver send events: each event is handed
/// over, not lent, so a stage that keeps it (the reorder window, the deriver's queue) moves it
/// into its buffer instead of copying it (an `Event` copy retains four references).
public typealias EventSink = (consuming Event) -> Void

extension Array where Element == Event {
    /// Hands each event to `sink` in order, moving it out of the array, which is left empty:
    /// `forEach(sink)` would copy each one first.
    public mutating func handOver(to sink: EventSink) {
        reverse()
        while let event = popLast() { sink(event) }
    }
}
