@_spi(Bytes) import LifelintBytes

/// Where the blocks of a trace read on several cores come from (decision 0051): a plain file,
/// read by offsets, or a stream (a gzip or zip entry inflated as it is read), cut in turn.
enum ParallelLines {
    case file(descriptor: Int32, size: Int)
    case stream(StreamLineCutter)

    /// How many blocks there are: a stream's end is found by reading it.
    func blockCount(blockSize: Int) -> Int {
        switch self {
        case let .file(_, size): (size + blockSize - 1) / blockSize
        case .stream: Int.max
        }
    }

    /// The bytes the lines came from, once they are read: the file's, or the stream's.
    var bytesRead: Int {
        switch self {
        case let .file(_, size): size
        case let .stream(cutter): cutter.bytesConsumed
        }
    }

    /// Fills `block` with block `index`'s lines. `isEnd`: a stream ended before the block, which
    /// holds no lines; `failure`: the read that failed, after the lines before it.
    func fill(_ block: inout LineBlock, index: Int, blockSize: Int) -> (isEnd: Bool, failure: ReadBuffer.Failure?) {
        switch self {
        case let .file(descriptor, size):
            do throws(ReadBuffer.Failure) {
                try block.read(index: index, descriptor: descriptor, size: size, blockSize: blockSize)
                return (false, nil)
            } catch {
                return (false, error)
            }
        case let .stream(cutter):
            return cutter.cut(index: index, into: &block)
        }
    }
}
