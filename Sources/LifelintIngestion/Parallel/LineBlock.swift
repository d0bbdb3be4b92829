@_spi(Bytes) import LifelintBytes

/// The bytes of one block of lines. Of a file: the lines whose first byte is in block `index`
/// (`index * blockSize ..< (index + 1) * blockSize`), read whole, the last running past the
/// block's end if it must, so blocks so cut cover the file's lines once each, whatever the block
/// size. Of a stream: the whole lines a `StreamLineCutter` cut for it.
struct LineBlock {
    /// The bytes read, from the byte before the block on (`count` of them used): that byte says
    /// whether a line starts at the block's first.
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0
    /// Where, in `bytes`, the block's first line starts, and where its lines may start.
    private(set) var firstLine = 0
    private(set) var linesEnd = 0
    /// The file offset of `bytes[0]`.
    private(set) var fileOffset = 0

    /// Reads block `index` of the file, reusing the memory of the block it held before.
    mutating func read(index: Int, descriptor: Int32, size: Int, blockSize: Int) throws(ReadBuffer.Failure) {
        count = 0
        let begin = index * blockSize
        fileOffset = max(0, begin - 1)
        linesEnd = min(size, begin + blockSize) - fileOffset
        try append(descriptor, from: fileOffset, count: linesEnd)
        try readOnToLineEnd(descriptor, size: size)
        firstLine = linesEnd
        if index == 0 {
            firstLine = 0
        } else if let newline = withBytes({ ByteSearch.firstIndex(of: .newline, in: $0) }), newline < linesEnd {
            firstLine = newline + 1
        }
    }

    /// Block `index` of a stream: `cut` sets the bytes and their count, all of them whole lines.
    mutating func take(_ cut: (inout [UInt8], inout Int) -> Void) {
        count = 0
        cut(&bytes, &count)
        fileOffset = 0
        firstLine = 0
        linesEnd = count
    }

    /// The bytes read, valid during the call.
    func withBytes<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body($0.extracting(0..<count).span) }
    }

    /// Where the block's lines end: after the newline of its last line, or at the file's end.
    var end: Int {
        guard firstLine < linesEnd else { return firstLine }
        let newline = withBytes { ByteSearch.firstIndex(of: .newline, in: $0, from: linesEnd - 1) }
        return newline.map { $0 + 1 } ?? count
    }

    /// Reads on until the line that holds byte `linesEnd - 1` has ended, or the file has.
    private mutating func readOnToLineEnd(_ descriptor: Int32, size: Int) throws(ReadBuffer.Failure) {
        var searched = max(0, linesEnd - 1)
        while true {
            let from = searched
            if withBytes({ ByteSearch.firstIndex(of: .newline, in: $0, from: from) }) != nil { return }
            searched = count
            let offset = fileOffset + count
            guard offset < size else { return }
            try append(descriptor, from: offset, count: min(1 << 16, size - offset))
        }
    }

    /// Appends `count` bytes of the file from `offset` (fewer at its end).
    private mutating func append(_ descriptor: Int32, from offset: Int, count wanted: Int) throws(ReadBuffer.Failure) {
        let needed = count + wanted
        if bytes.count < needed { bytes.append(contentsOf: repeatElement(0, count: needed - bytes.count)) }
        let source = RangeSource(fileDescriptor: descriptor, offset: offset, count: wanted)
        while true {
            let start = count
            let got = try bytes.withUnsafeMutableBufferPointer { buffer in
                Result { () throws(ReadBuffer.Failure) in try source.read(into: buffer.baseAddress! + start, count: needed - start) }
            }.get()
            if got == 0 { return }
            count += got
        }
    }
}
