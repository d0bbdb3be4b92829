/// Which files are read on several cores, and the blocks they are cut into (decision 0051).
package struct ParallelReadingLimits: Sendable, Hashable {
    /// Files smaller than this are read on one core: the workers' start costs more than they
    /// save.
    package var minimumFileSize: Int
    /// The same for a compressed file (gzip, a zip's entry), by its compressed size: a logcat
    /// inflates to five to ten times it.
    package var minimumCompressedSize: Int
    package var blockSize: Int

    package init(minimumFileSize: Int = 8 << 20, minimumCompressedSize: Int = 1 << 20, blockSize: Int = 2 << 20) {
        self.minimumFileSize = minimumFileSize
        self.minimumCompressedSize = minimumCompressedSize
        self.blockSize = blockSize
    }
}
