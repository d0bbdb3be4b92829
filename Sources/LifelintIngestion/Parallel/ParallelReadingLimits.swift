/// Which files are read on several cores, and the blocks they are cut into (decision 0051).
struct ParallelReadingLimits: Sendable, Hashable {
    /// Files smaller than this are read on one core: the workers' start costs more than they
    /// save.
    var minimumFileSize = 8 << 20
    /// The same for a compressed file (gzip, a zip's entry), by its compressed size: a logcat
    /// inflates to five to ten times it.
    var minimumCompressedSize = 1 << 20
    var blockSize = 2 << 20
}
