#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Span<UInt8> {
    /// The bytes in `range` as a string (ill-formed UTF-8 repaired, as `String(decoding:)` does).
    @_spi(Bytes) @inlinable public func text(_ range: Range<Int>) -> String {
        unsafe withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// All the bytes as a string (ill-formed UTF-8 repaired).
    @_spi(Bytes) @inlinable public var text: String { text(0..<count) }

    /// Whether the bytes in `range` are exactly `literal`.
    @_spi(Bytes) @inlinable public func matches(_ literal: StaticString, at range: Range<Int>) -> Bool {
        guard range.count == literal.utf8CodeUnitCount, range.lowerBound >= 0, range.upperBound <= count else { return false }
        guard !range.isEmpty else { return true }
        return unsafe withUnsafeBufferPointer { memcmp($0.baseAddress! + range.lowerBound, literal.utf8Start, range.count) == 0 }
    }
}

extension Span<UInt8> {
    @_spi(Bytes) @inlinable public var first: UInt8? { isEmpty ? nil : unsafe self[unchecked: 0] }
    @_spi(Bytes) @inlinable public var last: UInt8? { isEmpty ? nil : unsafe self[unchecked: count - 1] }

    /// Whether the bytes begin with `literal`.
    @_spi(Bytes) @inlinable public func starts(with literal: StaticString) -> Bool {
        count >= literal.utf8CodeUnitCount && matches(literal, at: 0..<literal.utf8CodeUnitCount)
    }

    /// Whether the bytes begin with `prefix`. One `memcmp` when `prefix` is contiguous (a
    /// string's UTF-8, an array): byte by byte, a string's view went through its machinery for
    /// every byte.
    @_spi(Bytes) @inlinable public func starts(with prefix: some Collection<UInt8>) -> Bool {
        guard prefix.count <= count else { return false }
        if let contiguous = prefix.withContiguousStorageIfAvailable({ unsafe matches($0.span, at: 0..<$0.count) }) { return contiguous }
        var index = 0
        for byte in prefix {
            guard self[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes end with `suffix`.
    @_spi(Bytes) @inlinable public func ends(with suffix: some Collection<UInt8>) -> Bool {
        suffix.count <= count && extracting((count - suffix.count)...).starts(with: suffix)
    }

    /// Whether the bytes are exactly `other`.
    @_spi(Bytes) @inlinable public func equals(_ other: some Collection<UInt8>) -> Bool {
        other.count == count && starts(with: other)
    }

    /// Whether the bytes are exactly `literal`.
    @_spi(Bytes) @inlinable public func equals(_ literal: StaticString) -> Bool {
        matches(literal, at: 0..<count)
    }

    /// Whether the bytes in `range` are exactly `other`.
    @_spi(Bytes) @inlinable public func matches(_ other: Span<UInt8>, at range: Range<Int>) -> Bool {
        guard range.count == other.count, range.lowerBound >= 0, range.upperBound <= count else { return false }
        guard !range.isEmpty else { return true }
        return unsafe withUnsafeBufferPointer { mine in
            unsafe other.withUnsafeBufferPointer { memcmp(mine.baseAddress! + range.lowerBound, $0.baseAddress!, range.count) == 0 }
        }
    }

    /// Whether the bytes are exactly `other`'s.
    @_spi(Bytes) @inlinable public func equals(_ other: Span<UInt8>) -> Bool {
        matches(other, at: 0..<count)
    }

    /// The bytes without a final carriage return.
    @_spi(Bytes) @inlinable @_lifetime(copy self) public func droppingCarriageReturn() -> Span<UInt8> {
        last == .carriageReturn ? extracting(droppingLast: 1) : self
    }
}

/// The few `Collection` algorithms parsers use, which `Span` does not have. Indices are the
/// span's own, also when a `range` narrows the search (as in a slice of a buffer).
extension Span<UInt8> {
    @_spi(Bytes) @inlinable public func contains(_ byte: UInt8) -> Bool { ByteSearch.firstIndex(of: byte, in: self) != nil }

    @_spi(Bytes) @inlinable public func contains(_ byte: UInt8, in range: some RangeExpression<Int>) -> Bool {
        firstIndex(of: byte, in: range) != nil
    }

    @_spi(Bytes) @inlinable public func firstIndex(of byte: UInt8) -> Int? { ByteSearch.firstIndex(of: byte, in: self) }

    @_spi(Bytes) @inlinable public func firstIndex(of byte: UInt8, in range: some RangeExpression<Int>) -> Int? {
        firstIndex(in: range) { $0 == byte }
    }

    @_spi(Bytes) @inlinable public func firstIndex(where predicate: (UInt8) -> Bool) -> Int? { firstIndex(in: 0..<count, where: predicate) }

    @_spi(Bytes) @inlinable public func firstIndex(in range: some RangeExpression<Int>, where predicate: (UInt8) -> Bool) -> Int? {
        let bounds = range.relative(to: indices)
        let part = extracting(bounds)
        for index in part.indices where predicate(part[index]) { return bounds.lowerBound + index }
        return nil
    }

    @_spi(Bytes) @inlinable public func lastIndex(of byte: UInt8) -> Int? { lastIndex(in: 0..<count) { $0 == byte } }

    @_spi(Bytes) @inlinable public func lastIndex(of byte: UInt8, in range: some RangeExpression<Int>) -> Int? {
        lastIndex(in: range) { $0 == byte }
    }

    @_spi(Bytes) @inlinable public func lastIndex(where predicate: (UInt8) -> Bool) -> Int? { lastIndex(in: 0..<count, where: predicate) }

    @_spi(Bytes) @inlinable public func lastIndex(in range: some RangeExpression<Int>, where predicate: (UInt8) -> Bool) -> Int? {
        let bounds = range.relative(to: indices)
        let part = extracting(bounds)
        for index in part.indices.reversed() where predicate(part[index]) { return bounds.lowerBound + index }
        return nil
    }

    /// How many bytes from the start satisfy `predicate`.
    @_spi(Bytes) @inlinable public func prefixCount(while predicate: (UInt8) -> Bool) -> Int {
        firstIndex { !predicate($0) } ?? count
    }

    @_spi(Bytes) @inlinable public func allSatisfy(_ predicate: (UInt8) -> Bool) -> Bool { firstIndex { !predicate($0) } == nil }

    @_spi(Bytes) @inlinable public func allSatisfy(in range: some RangeExpression<Int>, _ predicate: (UInt8) -> Bool) -> Bool {
        firstIndex(in: range) { !predicate($0) } == nil
    }

    @_spi(Bytes) @inlinable public func count(of byte: UInt8) -> Int { count(of: byte, in: 0..<count) }

    @_spi(Bytes) @inlinable public func count(of byte: UInt8, in range: some RangeExpression<Int>) -> Int {
        let part = extracting(range)
        var total = 0
        for index in part.indices where part[index] == byte { total += 1 }
        return total
    }

    /// A copy of the bytes.
    @_spi(Bytes) @inlinable public var array: [UInt8] {
        unsafe withUnsafeBufferPointer { Array($0) }
    }
}

extension StaticString {
    /// Calls `body` with the literal's UTF-8 bytes.
    @_spi(Bytes) @inlinable public func withSpan<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        withUTF8Buffer { body(unsafe $0.span) }
    }
}

extension [UInt8] {
    /// Appends the bytes of `span`, copied in one go.
    @_spi(Bytes) @inlinable public mutating func append(_ span: Span<UInt8>) {
        unsafe span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
