extension UnsafeBufferPointer<UInt8> {
    /// The bytes in `range` as a string (ill-formed UTF-8 repaired, as `String(decoding:)` does).
    package func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}
