#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer written through a pointer: the output writers' hot path appends
/// many small pieces per event, which costs an `Array` a uniqueness check and a bounds check
/// per call but costs this a comparison and a copy. The small appends are inlinable: the
/// writers that call them live in another module, and a call per byte would double their cost.
@_spi(Bytes) public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    package mutating func removeAll() { count = 0 }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(UnsafeRawBufferPointer(bytes)) }

    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The bytes of a span (an `InlineArray`'s, say), for callers that hold no pointer.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// (Named apart from `append(_: StaticString)` so that literals take the static path.)
    package mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `count` decimal digits of a non-negative `value`, zero-padded on the left (the
    /// timestamps' fields).
    @inlinable @inline(__always)
    public mutating func appendDigits(_ value: Int, count digitCount: Int) {
        if capacity - count < digitCount { grow(toHold: digitCount) }
        var remaining = value
        var index = count + digitCount - 1
        while index >= count {
            base[index] = .zero &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            index -= 1
        }
        count += digitCount
    }

    /// The decimal digits of `value`.
    @usableFromInline
    package mutating func appendDecimal(_ value: Int64) {
        var magnitude = value.magnitude
        if value < 0 { append(.dash) }
        var digitCount = 1
        var limit: UInt64 = 10
        while magnitude >= limit, digitCount < 20 {
            digitCount += 1
            if limit > UInt64.max / 10 { break }
            limit *= 10
        }
        if capacity - count < digitCount { grow(toHold: digitCount) }
        var index = count + digitCount - 1
        repeat {
            base[index] = .zero &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            index -= 1
        } while index >= count
        count += digitCount
    }

    @usableFromInline
    package mutating func grow(toHold extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
