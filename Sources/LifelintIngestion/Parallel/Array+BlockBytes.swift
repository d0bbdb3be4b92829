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
}
