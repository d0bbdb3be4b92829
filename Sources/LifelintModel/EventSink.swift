/// Where a reader, the normalizer and the phase deriver send events: each event is handed
/// over, not lent, so a stage that keeps it (the reorder window, the deriver's queue) moves it
/// into its buffer instead of copying it (an `Event` copy retains four references).
public typealias EventSink = (consuming Event) -> Void
