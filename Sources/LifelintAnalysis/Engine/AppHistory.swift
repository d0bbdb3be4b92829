import LifelintModel

/// What guards read about one app: its phase, and where its remembered events start in the
/// engine's `HistoryPool` (the last event of each name a guard reads, in the current process
/// incarnation). Eight bytes: a trace can name a million apps.
struct AppHistory {
    var phase: AppPhase?
    /// Whether the engine has seen an event of the app (kept here, where a byte is free).
    var isSeen = false
    /// The first of the app's records in the pool (-1: none); `HistoryPool` keeps it.
    var head: Int32 = -1
}
