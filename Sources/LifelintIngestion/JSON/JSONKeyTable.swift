import LifelintModel

/// The keys a decoder looks up in every record, prepared once: a member's key is matched by
/// its length and its bytes as `ByteWords`, with no call to memcmp per candidate.
struct JSONKeyTable<let count: Int> {
    private let lengths: InlineArray<count, Int>
    private let words: InlineArray<count, ByteWords>

    /// Keys of at most `ByteWords.maximumCount` bytes, without escapes.
    init(_ keys: InlineArray<count, StaticString>) {
        lengths = InlineArray { keys[$0].utf8CodeUnitCount }
        words = InlineArray { index in
            precondition(keys[index].utf8CodeUnitCount <= ByteWords.maximumCount, "JSONKeyTable keys are at most 32 bytes")
            return ByteWords(keys[index].utf8Start, count: keys[index].utf8CodeUnitCount)
        }
    }

    /// The position of the key whose raw bytes are `name[0..<length]`, if any.
    @inline(__always)
    func index(of name: UnsafePointer<UInt8>, length: Int) -> Int? {
        guard length <= ByteWords.maximumCount else { return nil }
        let candidate = ByteWords(name, count: length)
        for index in lengths.indices where lengths[index] == length && words[index] == candidate {
            return index
        }
        return nil
    }
}
