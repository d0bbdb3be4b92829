/// Which files are read on several cores, and the blocks they are cut into (decision 0051).
struct ParallelReadingLimits: Sendable, Hashable {
    /// Files smaller than this are read on one core: the workers' start costs more than they
    /// save.
    var minimumFileSize = 8 << 20
    var blockSize = 2 << 20
}
