#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over bytes: `memchr` jumps to each candidate first byte, so a miss costs
/// about as much as scanning the haystack once. (`memmem` is a GNU extension the Swift Glibc
/// module does not export.)
@_spi(Bytes) public enum ByteSearch {
    @inlinable public static func contains(_ needle: StaticString, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    @inlinable public static func firstIndex(of needle: StaticString, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        firstIndex(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: haystack, from: start)
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    @inlinable public static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = needle.count
        guard count > 0, haystack.count >= count, let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let first = Int32(needleBase[0])
        var position = start
        let lastStart = haystack.count - count
        while position <= lastStart {
            guard let found = memchr(base + position, first, lastStart - position + 1) else { return nil }
            let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + index, needleBase, count) == 0 { return index }
            position = index + 1
        }
        return nil
    }

    /// Where `first` followed by `second` first occurs in `haystack` at or after `start`.
    @inlinable public static func firstIndex(of first: UInt8, followedBy second: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = haystack.baseAddress else { return nil }
        var position = start
        while position + 1 < haystack.count {
            guard let found = memchr(base + position, Int32(first), haystack.count - 1 - position) else { return nil }
            let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if base[index + 1] == second { return index }
            position = index + 1
        }
        return nil
    }

    @inlinable public static func firstIndex(of needle: String, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        var needle = needle
        return needle.withUTF8 { firstIndex(of: $0, in: haystack, from: 0) }
    }

    /// Calls `body` with each line of `bytes`, without its line break.
    @inlinable public static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count, let newline = memchr(base + start, Int32(UInt8.newline), bytes.count - start) {
            let index = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - base
            body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
        }
        if start < bytes.count { body(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }
}

/// The same searches over a `Span`, which is what parsers hold: the pointer work stays here.
extension ByteSearch {
    /// Where `byte` first occurs in `haystack` at or after `start`.
    @inlinable @inline(__always) public static func firstIndex(of byte: UInt8, in haystack: Span<UInt8>, from start: Int = 0) -> Int? {
        unsafe haystack.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
            return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
        }
    }

    /// How many times `byte` occurs in `haystack`: a loop the compiler vectorizes (a count
    /// that checked each addition for overflow went a byte at a time).
    @inlinable public static func count(of byte: UInt8, in haystack: Span<UInt8>) -> Int {
        unsafe haystack.withUnsafeBufferPointer { buffer in
            var found = 0
            for value in buffer { found &+= value == byte ? 1 : 0 }
            return found
        }
    }

    @inlinable @inline(__always) public static func contains(_ needle: StaticString, in haystack: Span<UInt8>) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    @inlinable @inline(__always) public static func firstIndex(of needle: StaticString, in haystack: Span<UInt8>, from start: Int) -> Int? {
        unsafe haystack.withUnsafeBufferPointer { firstIndex(of: needle, in: $0, from: start) }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    @inlinable @inline(__always) public static func firstIndex(of needle: Span<UInt8>, in haystack: Span<UInt8>, from start: Int) -> Int? {
        unsafe haystack.withUnsafeBufferPointer { haystack in
            unsafe needle.withUnsafeBufferPointer { firstIndex(of: $0, in: haystack, from: start) }
        }
    }

    @inlinable @inline(__always) public static func firstIndex(of first: UInt8, followedBy second: UInt8, in haystack: Span<UInt8>, from start: Int) -> Int? {
        unsafe haystack.withUnsafeBufferPointer { firstIndex(of: first, followedBy: second, in: $0, from: start) }
    }

    @inlinable @inline(__always) public static func firstIndex(of needle: String, in haystack: Span<UInt8>) -> Int? {
        unsafe haystack.withUnsafeBufferPointer { firstIndex(of: needle, in: $0) }
    }

    /// Calls `body` with each line of `bytes`, without its line break.
    @inlinable @inline(__always) public static func forEachLine(in bytes: Span<UInt8>, _ body: (Span<UInt8>) -> Void) {
        var start = 0
        while start < bytes.count, let newline = firstIndex(of: .newline, in: bytes, from: start) {
            body(bytes.extracting(start..<newline))
            start = newline + 1
        }
        if start < bytes.count { body(bytes.extracting(start...)) }
    }

    /// `plainJSONStringPrefix` over a span.
    @inlinable @inline(__always) public static func plainJSONStringPrefix(_ bytes: Span<UInt8>, from start: Int) -> Int {
        unsafe bytes.withUnsafeBufferPointer { plainJSONStringPrefix($0, from: start) }
    }
}

extension ByteSearch {
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable public static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Flags the bytes of `word` (little-endian) that need attention inside a JSON string: a
    /// quote, a backslash, a control character or a non-ASCII byte. Zero means eight plain
    /// bytes; otherwise the lowest flagged byte is exactly the first that needs attention
    /// (higher ones may be false alarms), so `trailingZeroBitCount / 8` is its offset.
    @inline(__always)
    @inlinable public static func jsonStringAttentionMask(_ word: UInt64) -> UInt64 {
        let quotes = word ^ (ones &* UInt64(UInt8.quote))
        let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
        let flagged = (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) | word
        return flagged & highBits
    }

    /// How many bytes from `start` on need no attention inside a JSON string (see
    /// `jsonStringAttentionMask`); reads a word at a time and may stop short of the end.
    @inline(__always)
    @inlinable public static func plainJSONStringPrefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var index = start
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let mask = jsonStringAttentionMask(word)
            guard mask == 0 else { return index - start + mask.trailingZeroBitCount >> 3 }
            index += 8
        }
        return index - start
    }
}
