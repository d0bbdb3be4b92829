import LifelintIngestion
import LifelintModel

/// What every consumer sees of a trace: the reader's events put back in time order (merged
/// logcat buffers step back in time a little), then each incident once. Between the reader and
/// the phase deriver, for every container.
public struct EventNormalizer {
    /// How far back in time an event may arrive and still be put in its place.
    static let reorderWindowNanoseconds: Int64 = 1_000_000_000

    private var reorder = ReorderBuffer(window: reorderWindowNanoseconds)
    private var incidents = IncidentDeduplicator()

    public init() {}

    /// Repeated reports dropped so far.
    public var droppedRepeats: Int { incidents.dropped }

    public mutating func process(_ event: consuming Event, emit: EventSink) {
        Self.insert(event, into: &reorder, dropping: &incidents, emit)
    }

    /// Releases what the window holds from before `time`: a live stream's clock moved on with
    /// no event (`LiveAnalysis`).
    public mutating func advance(to time: Int64, emit: EventSink) {
        Self.advance(&reorder, to: time, dropping: &incidents, emit)
    }

    /// Releases what the reorder window still holds.
    public mutating func finish(emit: EventSink) {
        Self.drain(&reorder, dropping: &incidents, emit)
    }

    /// Static, with each part passed on its own: a closure that captured `self` could not
    /// change the deduplicator while the reorder window is being changed.
    private static func insert(_ event: consuming Event, into reorder: inout ReorderBuffer, dropping incidents: inout IncidentDeduplicator, _ emit: EventSink) {
        reorder.insert(event) { released in
            if !incidents.isRepeat(released) { emit(consume released) }
        }
    }

    private static func advance(_ reorder: inout ReorderBuffer, to time: Int64, dropping incidents: inout IncidentDeduplicator, _ emit: EventSink) {
        reorder.advance(to: time) { released in
            if !incidents.isRepeat(released) { emit(consume released) }
        }
    }

    private static func drain(_ reorder: inout ReorderBuffer, dropping incidents: inout IncidentDeduplicator, _ emit: EventSink) {
        reorder.drainAll { released in
            if !incidents.isRepeat(released) { emit(consume released) }
        }
    }

    /// Reads a trace through the normalizer: the events in time order, each incident once, and
    /// the reader's summary counting the events delivered.
    public static func read(
        _ input: TraceInput, options: TraceReadOptions, emit: EventSink
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
