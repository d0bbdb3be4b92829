import LifelintModel
import LifelintIngestion

/// What every consumer sees of a trace: the reader's events put back in time order (merged
/// logcat buffers step back in time a little), then each incident once. Between the reader and
/// the phase deriver, for every container.
public struct EventNormalizer {
    /// How far back in time an event may arrive and still be put in its place.
    static let reorderWindowNanoseconds: Int64 = 1_000_000_000

    private var reorder = ReorderBuffer(window: reorderWindowNanoseconds)
    private var incidents = IncidentDeduplicator()
    /// The events the reorder window released, reused from event to event.
    private var released: [Event] = []

    public init() {}

    /// Repeated reports dropped so far.
    public var droppedRepeats: Int { incidents.dropped }

    public mutating func process(_ event: Event, emit: (Event) -> Void) {
        reorder.insert(event, releasingInto: &released)
        deliver(emit)
    }

    /// Releases what the reorder window still holds.
    public mutating func finish(emit: (Event) -> Void) {
        reorder.drainAll(into: &released)
        deliver(emit)
    }

    private mutating func deliver(_ emit: (Event) -> Void) {
        guard !released.isEmpty else { return }
        for event in released where !incidents.isRepeat(event) { emit(event) }
        released.removeAll(keepingCapacity: true)
    }

    /// Reads a trace through the normalizer: the events in time order, each incident once, and
    /// the reader's summary counting the events delivered.
    public static func read(
        _ input: TraceInput, options: TraceReadOptions, emit: (Event) -> Void
    ) throws(IngestionError) -> IngestionSummary {
        var normalizer = EventNormalizer()
        var summary = try TraceReader.read(input, options: options) { normalizer.process($0, emit: emit) }
        normalizer.finish(emit: emit)
        // A repeat is its line's only event: the line counts as an ordinary one, as when the
        // reader itself had said nothing.
        summary.events -= normalizer.droppedRepeats
        summary.eventLines -= normalizer.droppedRepeats
        summary.logLines += normalizer.droppedRepeats
        return summary
    }
}
