/// A read position in a line's bytes, for parsers that must not allocate per line.
///
/// Every method either consumes what it matched and reports success, or leaves the cursor
/// where it was; parsers can therefore try alternatives without saving and restoring. The
/// small ones are always inlined: called a few times on every line, as calls they cost more
/// than their work (docs/decisions/0021).
///
/// It reads a `Span`, so it cannot outlive the bytes it reads (docs/decisions/0041); each read
/// is checked against the span's count once, by the cursor, not again by the span.
@_spi(Bytes) public struct ByteCursor: ~Escapable {
    public let bytes: Span<UInt8>
    public var index: Int

    @inlinable @_lifetime(copy bytes)
    public init(_ bytes: Span<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    @inlinable public var isAtEnd: Bool { index >= bytes.count }
    @inlinable public var remaining: Range<Int> { index..<bytes.count }

    @inlinable @inline(__always)
    public func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? unsafe bytes[unchecked: position] : nil
    }

    @inlinable @inline(__always)
    public mutating func skip(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Skips spaces and tabs; returns how many.
    @discardableResult
    @inlinable @inline(__always)
    public mutating func skipBlanks() -> Int {
        let start = index
        while let byte = peek(), byte == .space || byte == .tab { index += 1 }
        return index - start
    }

    /// Reads a run of ASCII digits as a number; fails on no digits or more than 18.
    @inlinable
    public mutating func readUnsigned() -> (value: Int64, digits: Int)? {
        var value: Int64 = 0
        var digits = 0
        while let byte = peek(), byte &- .zero < 10, digits < 18 {
            value = value &* 10 &+ Int64(byte &- .zero)
            digits += 1
            index += 1
        }
        if digits == 0 || (peek().map { $0 &- .zero < 10 } ?? false) {
            index -= digits
            return nil
        }
        return (value, digits)
    }

    /// Reads exactly `count` digits. Always inlined: callers pass a constant, and the loop unrolls.
    @inlinable @inline(__always)
    public mutating func readDigits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let digit = unsafe bytes[unchecked: index + offset] &- .zero
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += count
        return value
    }

    /// Reads up to (not including) the next space or tab; fails on an empty token.
    @inlinable @inline(__always)
    public mutating func readToken() -> Range<Int>? {
        let start = index
        while let byte = peek(), byte != .space, byte != .tab { index += 1 }
        return index > start ? start..<index : nil
    }

    /// The index of the first occurrence of `first` followed by `second` at or after the cursor.
    @inlinable @inline(__always)
    public func find(_ first: UInt8, _ second: UInt8) -> Int? {
        ByteSearch.firstIndex(of: first, followedBy: second, in: bytes, from: index)
    }
}
