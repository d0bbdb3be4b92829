@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Substring search on text the readers already hold as `Substring`, done on its UTF-8 bytes
/// with `ByteSearch` (`memchr`): Foundation's `range(of:)` goes through `CFString` and costs
/// far more, which matters on lines read by the million (Apple logs).
extension Substring {
    /// The first occurrence of `needle`, by bytes.
    func byteRange(of needle: StaticString) -> Range<Index>? {
        let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
            ByteSearch.firstIndex(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: bytes, from: 0)
        }
        guard let offset = found ?? fallbackOffset(of: needle) else { return nil }
        let start = utf8.index(startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8CodeUnitCount)
    }

    func contains(bytes needle: StaticString) -> Bool { byteRange(of: needle) != nil }

    /// Whether the text starts with `prefix`, compared byte for byte: `hasPrefix` compares
    /// characters, making a string of each, on lines read by the million.
    func hasBytePrefix(_ prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return utf8.withContiguousStorageIfAvailable { $0.starts(with: expected) } ?? utf8.starts(with: expected)
    }

    /// What follows `prefix`, when the text starts with it (compared byte for byte).
    func droppingBytePrefix(_ prefix: StaticString) -> Substring? {
        hasBytePrefix(prefix) ? self[utf8.index(startIndex, offsetBy: prefix.utf8CodeUnitCount)...] : nil
    }

    /// For a bridged string without contiguous UTF-8 (not made by lifelint's readers).
    private func fallbackOffset(of needle: StaticString) -> Int? {
        var copy = String(self)
        return copy.withUTF8 { ByteSearch.firstIndex(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: $0, from: 0) }
    }
}
