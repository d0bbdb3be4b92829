@_spi(Bytes) import LifelintBytes

/// Whether and how a large input is read on several cores (decision 0051): a plain file by its
/// offsets, a compressed one (gzip, a zip's entry) by inflating it on one core while the others
/// work on its blocks. The same thresholds for every format read this way (a Perfetto trace,
/// whose records no offset can find, is cut in turn from its stream even as a plain file).
struct ParallelPlan {
    /// The file read by offsets; nil for a compressed input's inflated stream.
    let file: (descriptor: Int32, size: Int)?
    let workers: Int
    let blockSize: Int

    /// Nil when the input is read on one core: one worker, or a file below the thresholds.
    init?(_ input: TraceInput, options: TraceReadOptions) {
        let limits = options.parallelLimits
        guard options.workers > 1 else { return nil }
        if let file = input.plainFile {
            guard file.size >= limits.minimumFileSize else { return nil }
            self.file = file
        } else {
            guard let size = input.compressedSize, size >= limits.minimumCompressedSize else { return nil }
            file = nil
        }
        workers = options.workers
        blockSize = limits.blockSize
    }

    /// Where the blocks come from: the file, or the stream `stream` gives (the bytes already
    /// read from it and its source), cut in turn. `cutsLongLines`: as `StreamLineCutter`'s.
    func lines(cutsLongLines: Bool = true, stream: () -> (unread: [UInt8], source: any ByteSource)) -> ParallelLines {
        if let file { return .file(descriptor: file.descriptor, size: file.size) }
        let (unread, source) = stream()
        let window = OrderedBlockPipeline.window(threads: workers)
        return .stream(StreamLineCutter(source: source, unread: unread, blockSize: blockSize, window: window, cutsLongLines: cutsLongLines))
    }
}
