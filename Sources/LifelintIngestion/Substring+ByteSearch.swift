@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Substring search on text the readers already hold as `Substring`, done on its UTF-8 bytes
/// with `ByteSearch` (`memchr`): Foundation's `range(of:)` goes through `CFString` and costs
/// far more, which matters on lines read by the million (Apple logs).
extension Substring {
    /// The first occurrence of `needle`, by bytes.
    func byteRange(of needle: StaticString) -> Range<Index>? {
        guard let offset = ByteSearch.firstIndex(of: needle, in: utf8.span, from: 0) else { return nil }
        let start = utf8.index(startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8CodeUnitCount)
    }

    func contains(bytes needle: StaticString) -> Bool { byteRange(of: needle) != nil }

    /// Whether the text starts with `prefix`, compared byte for byte: `hasPrefix` compares
    /// characters, making a string of each, on lines read by the million.
    func hasBytePrefix(_ prefix: StaticString) -> Bool {
        utf8.span.starts(with: prefix)
    }

    /// What follows `prefix`, when the text starts with it (compared byte for byte).
    func droppingBytePrefix(_ prefix: StaticString) -> Substring? {
        hasBytePrefix(prefix) ? self[utf8.index(startIndex, offsetBy: prefix.utf8CodeUnitCount)...] : nil
    }
}
