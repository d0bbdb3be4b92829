import LifelintModel

/// Up to 32 bytes as four words that, together with the byte count, identify them: loaded by
/// overlapping unaligned reads from both ends, so no byte outside the run is read and no copy
/// is made. Comparing two runs of the same count is then four word comparisons.
struct ByteWords: Equatable {
    static let maximumCount = 32

    let words: (UInt64, UInt64, UInt64, UInt64)

    /// For `count` up to `maximumCount` the words are the bytes; past it they are the first and
    /// last 16 bytes (read within the run), which callers must confirm by comparing the rest.
    @inline(__always)
    init(_ base: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeRawPointer(base)
        func load64(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        func load32(_ offset: Int) -> UInt64 { UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        switch count {
        case 16...: words = (load64(0), load64(8), load64(count - 16), load64(count - 8))
        case 8...: words = (load64(0), load64(count - 8), 0, 0)
        case 4...: words = (load32(0) | load32(count - 4) << 32, 0, 0, 0)
        case 0: words = (0, 0, 0, 0)
        default: words = (UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16, 0, 0, 0)
        }
    }

    @inline(__always)
    func hash(count: Int) -> UInt64 {
        (words.0 &* 0x9E37_79B9_7F4A_7C15 ^ words.1 &* 0xC2B2_AE3D_27D4_EB4F ^ words.2 &* 0x1656_67B1_9E37_79F9
            ^ words.3 &* 0x27D4_EB2F_1656_67C5 ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
    }

    static func == (lhs: ByteWords, rhs: ByteWords) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }
}
