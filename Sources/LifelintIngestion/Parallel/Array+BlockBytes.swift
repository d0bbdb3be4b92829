@_spi(Bytes) import LifelintBytes

/// A block's bytes: the first `count` of an array whose bytes past them are room kept from
/// block to block.
extension [UInt8] {
    /// Writes `bytes` after the first `count` bytes, growing the array if it must.
    mutating func place(_ bytes: ArraySlice<UInt8>, after count: inout Int) {
        reserveRoom(bytes.count, after: count)
        replaceSubrange(count..<count + bytes.count, with: bytes)
        count += bytes.count
    }

    /// Makes room for `more` bytes after the first `count`.
    mutating func reserveRoom(_ more: Int, after count: Int) {
        if self.count < count + more { append(contentsOf: repeatElement(0, count: count + more - self.count)) }
    }

    /// Reads up to `size` bytes of `source` after the first `count`, which grows by them;
    /// returns how many, 0 at the source's end.
    mutating func read(from source: any ByteSource, upTo size: Int, after count: inout Int) throws(ReadBuffer.Failure) -> Int {
        reserveRoom(size, after: count)
        let start = count
        let got = try withUnsafeMutableBufferPointer { buffer in
            Result { () throws(ReadBuffer.Failure) in try source.read(into: buffer.baseAddress! + start, count: size) }
        }.get()
        count += got
        return got
    }
}
